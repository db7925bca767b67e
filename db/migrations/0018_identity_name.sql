ALTER TABLE `investors` ADD `identity_name` text;--> statement-breakpoint
CREATE INDEX `investors_identity_name` ON `investors` (`is_demo`,`identity_name`);--> statement-breakpoint
-- A rename by any path (the app, a restore, a script) clears the key: the next import computes it again (decision 064).
CREATE TRIGGER `investors_identity_name_renamed` AFTER UPDATE OF `name` ON `investors` WHEN NEW.`identity_name` IS NOT NULL BEGIN UPDATE `investors` SET `identity_name` = NULL WHERE `id` = NEW.`id`; END;
