CREATE TABLE `deck_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`deck_id` integer NOT NULL,
	`investor_id` integer,
	`label` text,
	`token_hash` text NOT NULL,
	`nonce` text NOT NULL,
	`pinned_version_id` integer,
	`allow_download` integer DEFAULT false NOT NULL,
	`email_gate` integer DEFAULT false NOT NULL,
	`expires_at` text,
	`revoked_at` text,
	`sent_at` text,
	`created_by_member_id` integer,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investor_id`) REFERENCES `investors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pinned_version_id`) REFERENCES `deck_versions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deck_links_token` ON `deck_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `deck_links_investor` ON `deck_links` (`investor_id`);--> statement-breakpoint
CREATE INDEX `deck_links_deck` ON `deck_links` (`deck_id`);--> statement-breakpoint
CREATE TABLE `deck_view_pages` (
	`view_id` integer NOT NULL,
	`page` integer NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`view_id`, `page`),
	FOREIGN KEY (`view_id`) REFERENCES `deck_views`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `deck_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` integer NOT NULL,
	`version_id` integer,
	`started_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`pages_seen` integer DEFAULT 0 NOT NULL,
	`device` text DEFAULT 'unknown' NOT NULL,
	`address_group_hash` text NOT NULL,
	`bot` text,
	`forwarded` integer DEFAULT false NOT NULL,
	`email` text,
	FOREIGN KEY (`link_id`) REFERENCES `deck_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `deck_versions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `deck_views_link` ON `deck_views` (`link_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `deck_views_started` ON `deck_views` (`started_at`);--> statement-breakpoint
ALTER TABLE `deck_pages` ADD `title` text;