ALTER TABLE `investors` ADD `check_currency` text;--> statement-breakpoint
ALTER TABLE `investors` ADD `imported_notes` text;