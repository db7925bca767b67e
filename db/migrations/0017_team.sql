CREATE TABLE `activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`actor_member_id` integer,
	`actor_system` text,
	`investor_id` integer,
	`subject` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`actor_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `activity_investor` ON `activity` (`investor_id`,`id`);--> statement-breakpoint
CREATE INDEX `activity_demo` ON `activity` (`is_demo`,`id`);--> statement-breakpoint
CREATE TABLE `invites` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`created_by` integer NOT NULL,
	`name` text,
	`role` text DEFAULT 'member' NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`used_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`used_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invites_expires` ON `invites` (`expires_at`);--> statement-breakpoint
CREATE TABLE `member_passkeys` (
	`credential_id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_passkeys_member` ON `member_passkeys` (`member_id`);--> statement-breakpoint
CREATE TABLE `member_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`member_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_used_at` text,
	`revoked_at` text,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_tokens_hash` ON `member_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `member_tokens_member` ON `member_tokens` (`member_id`);--> statement-breakpoint
CREATE TABLE `members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`role` text DEFAULT 'member' NOT NULL,
	`passphrase_hash` text,
	`webauthn_user_id` text,
	`disabled_at` text,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `members_demo` ON `members` (`is_demo`,`id`);--> statement-breakpoint
CREATE INDEX `members_email` ON `members` (lower("email"));--> statement-breakpoint
ALTER TABLE `investors` ADD `owner_member_id` integer REFERENCES members(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `investors` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `member_id` integer REFERENCES members(id) ON DELETE cascade;