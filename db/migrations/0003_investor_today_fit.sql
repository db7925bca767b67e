ALTER TABLE `investors` ADD `action_since` text;--> statement-breakpoint
ALTER TABLE `investors` ADD `fit_detail` text;--> statement-breakpoint
ALTER TABLE `investors` ADD `fit_known` integer;