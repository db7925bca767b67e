CREATE INDEX `evaluations_investor` ON `evaluations` (`investor_id`);--> statement-breakpoint
CREATE INDEX `evidence_run` ON `evidence` (`run_id`);--> statement-breakpoint
CREATE INDEX `startup_scores_investor` ON `startup_scores` (`investor_id`);