CREATE TABLE `run_items` (
	`run_id` text NOT NULL,
	`step` integer NOT NULL,
	`investor_id` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`searched` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`run_id`, `step`, `investor_id`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`run_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `run_items_investor` ON `run_items` (`run_id`,`investor_id`);--> statement-breakpoint
ALTER TABLE `runs` ADD `queue_length` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `steps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `selected` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A run saved before this migration keeps its plan: the queue and the groups become rows.
UPDATE `runs` SET
	`queue_length` = json_array_length(`queue`),
	`steps` = json_array_length(`queue`) + json_array_length(`sweeps`),
	`selected` = json_array_length(`queue`) + coalesce((SELECT sum(json_array_length(g.value)) FROM json_each(`runs`.`sweeps`) g), 0);--> statement-breakpoint
INSERT OR IGNORE INTO `run_items` (`run_id`, `step`, `investor_id`, `reason`, `searched`)
	SELECT r.`run_id`, q.key, q.value, coalesce(json_extract(r.`selection_reasons`, '$."' || q.value || '"'), ''),
		EXISTS (SELECT 1 FROM json_each(r.`searched`) s WHERE s.value = q.value)
	FROM `runs` r, json_each(r.`queue`) q;--> statement-breakpoint
INSERT OR IGNORE INTO `run_items` (`run_id`, `step`, `investor_id`, `reason`, `searched`)
	SELECT r.`run_id`, json_array_length(r.`queue`) + g.key, m.value, coalesce(json_extract(r.`selection_reasons`, '$."' || m.value || '"'), ''),
		EXISTS (SELECT 1 FROM json_each(r.`searched`) s WHERE s.value = m.value)
	FROM `runs` r, json_each(r.`sweeps`) g, json_each(g.value) m;--> statement-breakpoint
ALTER TABLE `runs` DROP COLUMN `queue`;--> statement-breakpoint
ALTER TABLE `runs` DROP COLUMN `selection_reasons`;--> statement-breakpoint
ALTER TABLE `runs` DROP COLUMN `sweeps`;--> statement-breakpoint
ALTER TABLE `runs` DROP COLUMN `searched`;