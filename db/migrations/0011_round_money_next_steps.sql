ALTER TABLE `investors` ADD `amount` integer;--> statement-breakpoint
ALTER TABLE `investors` ADD `amount_currency` text;--> statement-breakpoint
ALTER TABLE `investors` ADD `amount_startup_id` integer;--> statement-breakpoint
ALTER TABLE `investors` ADD `next_step` text;--> statement-breakpoint
ALTER TABLE `investors` ADD `next_step_date` text;--> statement-breakpoint
ALTER TABLE `investors` ADD `meeting_date` text;--> statement-breakpoint
ALTER TABLE `investors` ADD `pass_reason` text;--> statement-breakpoint
ALTER TABLE `investors` ADD `pass_note` text;--> statement-breakpoint
ALTER TABLE `startups` ADD `role_wanted` text;--> statement-breakpoint
ALTER TABLE `startups` ADD `round_currency` text;--> statement-breakpoint
ALTER TABLE `startups` ADD `close_by` text;--> statement-breakpoint
ALTER TABLE `startups` ADD `instrument` text;--> statement-breakpoint
ALTER TABLE `startups` ADD `valuation_cap` integer;--> statement-breakpoint
ALTER TABLE `startups` ADD `pre_money` integer;--> statement-breakpoint
ALTER TABLE `startups` ADD `raising_now` integer DEFAULT false NOT NULL;