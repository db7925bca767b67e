CREATE TABLE `deal_investors` (
	`deal_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`deal_id`, `key`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deal_investors_key` ON `deal_investors` (`key`);--> statement-breakpoint
CREATE TABLE `deals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company` text NOT NULL,
	`company_key` text NOT NULL,
	`amount` real,
	`currency` text,
	`stage` text,
	`sectors` text DEFAULT '[]' NOT NULL,
	`geography` text,
	`announced_on` text NOT NULL,
	`source_urls` text DEFAULT '[]' NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`run_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deals_company` ON `deals` (`company_key`,`announced_on`);--> statement-breakpoint
CREATE INDEX `deals_announced` ON `deals` (`is_demo`,`announced_on`);--> statement-breakpoint
CREATE TABLE `discovery_aliases` (
	`alias_key` text PRIMARY KEY NOT NULL,
	`alias` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `discovery_dismissals` (
	`key` text NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`dismissed_at` text NOT NULL,
	PRIMARY KEY(`key`, `is_demo`)
);
--> statement-breakpoint
CREATE TABLE `feed_states` (
	`url` text PRIMARY KEY NOT NULL,
	`etag` text,
	`last_modified` text,
	`checked_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `news_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`key` text NOT NULL,
	`url` text NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`published_on` text,
	`run_id` text,
	`read_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `news_items_source_key` ON `news_items` (`source`,`key`);--> statement-breakpoint
CREATE INDEX `news_items_unread` ON `news_items` (`run_id`,`read_at`,`id`);--> statement-breakpoint
DROP INDEX `runs_one_active`;--> statement-breakpoint
ALTER TABLE `runs` ADD `kind` text DEFAULT 'refresh' NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `deals_found` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `investors_found` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `fetched_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `runs_one_active` ON `runs` (`kind`) WHERE "runs"."status" in ('queued', 'running', 'waiting_chain') and "runs"."trigger" != 'demo';