CREATE TABLE `app_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contact_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investor_id` integer NOT NULL,
	`date` text,
	`channel` text,
	`note` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`investor_id`) REFERENCES `investors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_entries_investor` ON `contact_entries` (`investor_id`,`id`);--> statement-breakpoint
CREATE TABLE `evaluations` (
	`startup_id` integer NOT NULL,
	`investor_id` integer NOT NULL,
	`relevance` real NOT NULL,
	`reasons` text NOT NULL,
	`evidence_ids` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`startup_id`, `investor_id`),
	FOREIGN KEY (`startup_id`) REFERENCES `startups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investor_id`) REFERENCES `investors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `evidence` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investor_id` integer NOT NULL,
	`url` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`published_at` text,
	`found_at` text NOT NULL,
	`run_id` text,
	`content_hash` text NOT NULL,
	`category` text,
	`relevance` real,
	`summary` text,
	`judged_at` text,
	FOREIGN KEY (`investor_id`) REFERENCES `investors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`run_id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evidence_investor_url` ON `evidence` (`investor_id`,`url`);--> statement-breakpoint
CREATE UNIQUE INDEX `evidence_investor_hash` ON `evidence` (`investor_id`,`content_hash`);--> statement-breakpoint
CREATE INDEX `evidence_unjudged` ON `evidence` (`investor_id`) WHERE "evidence"."judged_at" is null;--> statement-breakpoint
CREATE TABLE `investors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`firm` text,
	`kind` text DEFAULT 'fund' NOT NULL,
	`website` text,
	`linkedin_url` text,
	`email` text,
	`sectors` text DEFAULT '[]' NOT NULL,
	`stages` text DEFAULT '[]' NOT NULL,
	`geographies` text DEFAULT '[]' NOT NULL,
	`check_min` integer,
	`check_max` integer,
	`is_demo` integer DEFAULT false NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`action` text DEFAULT 'research' NOT NULL,
	`score_explained` text,
	`signal_activity` integer,
	`signal_fit` integer,
	`signal_hook` text,
	`signal_hook_evidence_id` integer,
	`signal_red_flag` text,
	`signals_checked_at` text,
	`relationship_status` text DEFAULT 'not_contacted' NOT NULL,
	`last_contact_date` text,
	`personal_notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `investors_demo_score` ON `investors` (`is_demo`,`score`);--> statement-breakpoint
CREATE INDEX `investors_demo_action` ON `investors` (`is_demo`,`action`);--> statement-breakpoint
CREATE INDEX `investors_demo_status` ON `investors` (`is_demo`,`relationship_status`);--> statement-breakpoint
CREATE INDEX `investors_demo_checked` ON `investors` (`is_demo`,`signals_checked_at`);--> statement-breakpoint
CREATE INDEX `investors_email` ON `investors` (lower("email"));--> statement-breakpoint
CREATE INDEX `investors_name_firm` ON `investors` (lower("name"),lower(coalesce("firm", '')));--> statement-breakpoint
CREATE TABLE `rubrics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`startup_id` integer NOT NULL,
	`version` integer NOT NULL,
	`source` text NOT NULL,
	`rubric` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`startup_id`) REFERENCES `startups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rubrics_startup_version` ON `rubrics` (`startup_id`,`version`);--> statement-breakpoint
CREATE TABLE `runs` (
	`run_id` text PRIMARY KEY NOT NULL,
	`trigger` text NOT NULL,
	`status` text NOT NULL,
	`chain` integer DEFAULT 1 NOT NULL,
	`linkedin` integer DEFAULT false NOT NULL,
	`queue` text DEFAULT '[]' NOT NULL,
	`selection_reasons` text DEFAULT '{}' NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`investors_checked` integer DEFAULT 0 NOT NULL,
	`evidence_added` integer DEFAULT 0 NOT NULL,
	`search_credits_used` integer DEFAULT 0 NOT NULL,
	`llm_calls` integer DEFAULT 0 NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`degraded` integer DEFAULT false NOT NULL,
	`lease_owner` text,
	`lease_expires_at` text,
	`started_at` text,
	`finished_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `runs_status` ON `runs` (`status`);--> statement-breakpoint
CREATE INDEX `runs_created` ON `runs` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `runs_one_active` ON `runs` ((1)) WHERE "runs"."status" in ('queued', 'running', 'waiting_chain') and "runs"."trigger" != 'demo';--> statement-breakpoint
CREATE TABLE `startup_scores` (
	`startup_id` integer NOT NULL,
	`investor_id` integer NOT NULL,
	`score` integer NOT NULL,
	`action` text NOT NULL,
	`score_explained` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`startup_id`, `investor_id`),
	FOREIGN KEY (`startup_id`) REFERENCES `startups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investor_id`) REFERENCES `investors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `startup_scores_rank` ON `startup_scores` (`startup_id`,`score`);--> statement-breakpoint
CREATE TABLE `startups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`pitch` text NOT NULL,
	`sector` text NOT NULL,
	`stage` text NOT NULL,
	`geography` text,
	`round_size` integer,
	`ask` text,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
