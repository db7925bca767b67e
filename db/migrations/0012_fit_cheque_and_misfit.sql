ALTER TABLE `investors` ADD `fit_cheque` integer;--> statement-breakpoint
ALTER TABLE `investors` ADD `fit_misfit` text;