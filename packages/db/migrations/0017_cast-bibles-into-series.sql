-- The dubbing studio's cast bibles become series (decision 056): same id, owner and name; each
-- character gets an unknown gender, each glossary term applies to every target language.
INSERT INTO "series" ("id", "owner_id", "name", "characters", "glossary", "pronunciations", "created_at", "updated_at")
SELECT
	c."id",
	c."owner_id",
	c."name",
	coalesce((SELECT jsonb_agg(character || '{"gender":"unknown"}'::jsonb ORDER BY position) FROM jsonb_array_elements(c."characters") WITH ORDINALITY AS t(character, position)), '[]'::jsonb),
	coalesce((SELECT jsonb_agg(term || '{"language":null}'::jsonb ORDER BY position) FROM jsonb_array_elements(c."glossary") WITH ORDINALITY AS t(term, position)), '[]'::jsonb),
	c."pronunciations",
	c."created_at",
	c."updated_at"
FROM "dubbing_casts" c
ON CONFLICT ("owner_id", "name") DO NOTHING;
--> statement-breakpoint
DROP TABLE "dubbing_casts" CASCADE;
