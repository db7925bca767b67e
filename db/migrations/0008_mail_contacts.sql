CREATE TABLE `mail_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investor_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`direction` text NOT NULL,
	`sent_at` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`logged_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`investor_id`) REFERENCES `investors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_contacts_message_investor` ON `mail_contacts` (`message_id`,`investor_id`);--> statement-breakpoint
CREATE INDEX `mail_contacts_investor_sent_at` ON `mail_contacts` (`investor_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `mail_contacts_unlogged` ON `mail_contacts` (`logged_at`,`sent_at`);--> statement-breakpoint
CREATE TABLE `mail_mailboxes` (
	`path` text PRIMARY KEY NOT NULL,
	`uid_validity` text NOT NULL,
	`last_uid` integer DEFAULT 0 NOT NULL,
	`addresses_hash` text DEFAULT '' NOT NULL,
	`synced_at` text
);
