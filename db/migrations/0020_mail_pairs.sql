CREATE TABLE `mail_counted_messages` (
	`message_id` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_pair_threads` (
	`address_a` text NOT NULL,
	`address_b` text NOT NULL,
	`thread_key` text NOT NULL,
	`a_wrote` integer DEFAULT 0 NOT NULL,
	`b_wrote` integer DEFAULT 0 NOT NULL,
	`first_at` text NOT NULL,
	`last_at` text NOT NULL,
	PRIMARY KEY(`address_a`, `address_b`, `thread_key`)
);
--> statement-breakpoint
CREATE TABLE `mail_senders` (
	`address` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`last_at` text NOT NULL
);
