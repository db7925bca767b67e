CREATE TABLE `intro_paths` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investor_id` integer NOT NULL,
	`person_id` integer,
	`member_id` integer,
	`source` text NOT NULL,
	`tier` text,
	`evidence` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'to_ask' NOT NULL,
	`asked_on` text,
	`state_at` text,
	`state_by_member_id` integer,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`investor_id`) REFERENCES `investors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`state_by_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intro_paths_unique` ON `intro_paths` (`investor_id`,coalesce(`person_id`, 0),coalesce(`member_id`, 0));--> statement-breakpoint
CREATE INDEX `intro_paths_person` ON `intro_paths` (`person_id`);--> statement-breakpoint
CREATE INDEX `intro_paths_demo_state` ON `intro_paths` (`is_demo`,`state`);--> statement-breakpoint
CREATE TABLE `people` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`organisation` text,
	`known_by_member_id` integer,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`known_by_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `people_demo_name` ON `people` (`is_demo`,`name_key`);--> statement-breakpoint
CREATE TABLE `person_addresses` (
	`person_id` integer NOT NULL,
	`address` text NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `person_addresses_person_address` ON `person_addresses` (`person_id`,`address`);--> statement-breakpoint
CREATE INDEX `person_addresses_address` ON `person_addresses` (`address`);