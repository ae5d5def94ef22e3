-- Job types are named after the tool that queues them (issue 13): tts.synthesize,
-- sts.convert and voice.clone become text-to-speech.synthesize, speech-to-speech.convert and
-- voice-cloning.clone. Jobs of every status are renamed, so history, its filter and re-runs of
-- finished jobs keep working. No other table stores a job type.
UPDATE "jobs" SET "type" = CASE "type"
    WHEN 'tts.synthesize' THEN 'text-to-speech.synthesize'
    WHEN 'sts.convert' THEN 'speech-to-speech.convert'
    WHEN 'voice.clone' THEN 'voice-cloning.clone'
  END
WHERE "type" IN ('tts.synthesize', 'sts.convert', 'voice.clone');
--> statement-breakpoint
-- pg-boss keeps one queue per job type in its own schema (`pgboss`), created by the app at start,
-- after migrations, for the job types it knows. A database that has run the app already has queues
-- of the old names, and jobs may wait in them. Each such queue is copied under its new name (its
-- row as it is, whatever columns this pg-boss version has), its jobs move to the copy in the same
-- transaction as the rename above, and the old queue is dropped. Voxwork's queues share pg-boss's
-- common job table (no `partition` option) and use no dead letters, schedules or dependencies, so
-- nothing else names them. A database that never ran the app has no `pgboss` schema yet.
DO $$
DECLARE
  renamed CONSTANT text[][] := ARRAY[
    ['tts.synthesize', 'text-to-speech.synthesize'],
    ['sts.convert', 'speech-to-speech.convert'],
    ['voice.clone', 'voice-cloning.clone']
  ];
  pair text[];
BEGIN
  IF to_regclass('pgboss.queue') IS NULL OR to_regclass('pgboss.job') IS NULL THEN
    RETURN;
  END IF;
  FOREACH pair SLICE 1 IN ARRAY renamed LOOP
    CONTINUE WHEN NOT EXISTS (SELECT 1 FROM pgboss.queue WHERE name = pair[1]);
    INSERT INTO pgboss.queue
      SELECT (jsonb_populate_record(NULL::pgboss.queue, to_jsonb(old_queue) || jsonb_build_object('name', pair[2]))).*
      FROM pgboss.queue AS old_queue
      WHERE old_queue.name = pair[1]
    ON CONFLICT (name) DO NOTHING;
    UPDATE pgboss.job SET name = pair[2] WHERE name = pair[1];
    DELETE FROM pgboss.queue WHERE name = pair[1];
  END LOOP;
END
$$;
