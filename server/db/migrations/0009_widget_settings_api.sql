-- Every establishment has its widget settings: a row with the defaults and a random public key is made with the
-- establishment (whichever way it is inserted: the API, the seed, a bulk copy), and now for those that had none.
-- A key (new_widget_key, also what rotate-key writes): the 16 bytes of gen_random_uuid() in URL-safe base64, 22
-- characters holding 122 random bits from the server's strong random source.
ALTER TABLE "widget_settings" ADD COLUMN "allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION "new_widget_key"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')
$$;--> statement-breakpoint
CREATE FUNCTION "widget_settings_for_new_establishments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO widget_settings (establishment_id, external_api_key)
  SELECT id, new_widget_key() FROM inserted_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "establishments_widget_settings" AFTER INSERT ON "establishments"
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION widget_settings_for_new_establishments();--> statement-breakpoint
INSERT INTO widget_settings (establishment_id, external_api_key)
SELECT establishments.id, new_widget_key()
FROM establishments
WHERE NOT EXISTS (SELECT 1 FROM widget_settings WHERE widget_settings.establishment_id = establishments.id);
