CREATE TABLE `deck_files` (
	`version_id` integer NOT NULL,
	`chunk` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`version_id`, `chunk`),
	FOREIGN KEY (`version_id`) REFERENCES `deck_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `deck_pages` (
	`version_id` integer NOT NULL,
	`number` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`etag` text NOT NULL,
	`image` blob NOT NULL,
	PRIMARY KEY(`version_id`, `number`),
	FOREIGN KEY (`version_id`) REFERENCES `deck_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `deck_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`deck_id` integer NOT NULL,
	`number` integer NOT NULL,
	`file_name` text NOT NULL,
	`bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`pages` integer,
	`pages_done` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'rendering' NOT NULL,
	`refusal` text,
	`render_ms` integer,
	`uploaded_by_member_id` integer,
	`allow_download` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deck_versions_number` ON `deck_versions` (`deck_id`,`number`);--> statement-breakpoint
CREATE TABLE `decks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`startup_id` integer NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`startup_id`) REFERENCES `startups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `decks_startup` ON `decks` (`startup_id`);