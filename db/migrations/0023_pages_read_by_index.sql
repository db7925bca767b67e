DROP INDEX `investors_demo_status`;--> statement-breakpoint
DROP INDEX `investors_demo_action`;--> statement-breakpoint
CREATE INDEX `investors_demo_status_score` ON `investors` (`is_demo`,`relationship_status`,"score" desc,`id`);--> statement-breakpoint
CREATE INDEX `investors_passed_reason` ON `investors` (`is_demo`,`pass_reason`) WHERE "investors"."relationship_status" = 'passed';--> statement-breakpoint
CREATE INDEX `investors_demo_action` ON `investors` (`is_demo`,`action`,`owner_member_id`);