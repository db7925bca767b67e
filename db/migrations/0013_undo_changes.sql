CREATE TABLE `undo_changes` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`is_demo` integer NOT NULL,
	`change` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `undo_changes_expires_at` ON `undo_changes` (`expires_at`);