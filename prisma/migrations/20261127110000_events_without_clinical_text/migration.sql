-- Hand-written (issue 23 item 5; docs/architecture.md#clinical-text): the
-- events in domain_event carry ids and non-clinical facts, and a deleted patient's events go with
-- the patient. Nothing here changes a table's shape, so schema.prisma is unchanged.

-- 1. Events stored before this migration lose their clinical text, in the shape the machines now
--    emit: a clinical note's SOAP sections become their lengths, an addendum's text its length, and
--    an appointment's cancellation reason (free text, possibly health information) is dropped.
UPDATE "domain_event"
SET "payload" = ("payload" - 'content') || jsonb_build_object('lengths', jsonb_build_object(
      'subjective', length(coalesce("payload" #>> '{content,subjective}', '')),
      'objective', length(coalesce("payload" #>> '{content,objective}', '')),
      'assessment', length(coalesce("payload" #>> '{content,assessment}', '')),
      'plan', length(coalesce("payload" #>> '{content,plan}', ''))))
WHERE "aggregate_type" = 'clinical_note' AND "type" IN ('NoteDrafted', 'NoteEdited') AND "payload" ? 'content';

UPDATE "domain_event"
SET "payload" = jsonb_set("payload", '{addendum}',
      (("payload" -> 'addendum') - 'text') || jsonb_build_object('length', greatest(length(coalesce("payload" #>> '{addendum,text}', '')), 1)))
WHERE "aggregate_type" = 'clinical_note' AND "type" = 'AddendumAdded' AND "payload" -> 'addendum' ? 'text';

UPDATE "domain_event" SET "payload" = "payload" - 'reason'
WHERE "aggregate_type" = 'appointment' AND "type" = 'AppointmentCancelled' AND "payload" ? 'reason';

-- 2. Whether a patient's record still has its patient and practice. A foreign key keeps both while
--    the record exists, except inside the statement that deletes the patient or the practice (the
--    cascade): false there and only there. SECURITY DEFINER so the answer never depends on what
--    the caller may see (row-level security, grants); it reads two primary keys and nothing else.
CREATE FUNCTION patient_record_parent_exists(record_practice_id TEXT, record_patient_id TEXT) RETURNS BOOLEAN
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT EXISTS (SELECT 1 FROM public.practice WHERE id = record_practice_id)
     AND EXISTS (SELECT 1 FROM public.patient WHERE practice_id = record_practice_id AND id = record_patient_id);
$$;
REVOKE ALL ON FUNCTION patient_record_parent_exists(TEXT, TEXT) FROM PUBLIC;

-- 3. A deleted patient's events go with them: when a note or an appointment leaves in the cascade
--    of its patient's (or practice's) deletion, the events of that aggregate are deleted too, and so
--    are events whose aggregate is the patient itself. (An appointment deleted on its own keeps its
--    history: its events hold no patient data.) SECURITY DEFINER: the caller (the app role) needs
--    no DELETE on domain_event for the clean-up to happen. No outgoing e-mail is about a patient
--    record (the relay reads every e-mail's content from its source row when it sends it), so no
--    stored mail body needs the same.
CREATE FUNCTION domain_event_forget_patient_record() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF NOT public.patient_record_parent_exists(OLD.practice_id, OLD.patient_id) THEN
    DELETE FROM public.domain_event WHERE aggregate_type = TG_ARGV[0] AND aggregate_id = OLD.id;
  END IF;
  RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION domain_event_forget_patient_record() FROM PUBLIC;
CREATE TRIGGER domain_event_forget_patient_record AFTER DELETE ON "clinical_note"
  FOR EACH ROW EXECUTE FUNCTION domain_event_forget_patient_record('clinical_note');
CREATE TRIGGER domain_event_forget_patient_record AFTER DELETE ON "appointment"
  FOR EACH ROW EXECUTE FUNCTION domain_event_forget_patient_record('appointment');

CREATE FUNCTION domain_event_forget_patient() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  DELETE FROM public.domain_event WHERE aggregate_type = 'patient' AND aggregate_id = OLD.id;
  RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION domain_event_forget_patient() FROM PUBLIC;
CREATE TRIGGER domain_event_forget_patient AFTER DELETE ON "patient"
  FOR EACH ROW EXECUTE FUNCTION domain_event_forget_patient();
