-- Hand-written (issue 23 item 6): a signed clinical note is locked whole, and its addenda are
-- append-only, with no trigger-depth escape. Replaces the functions of 20261125100000_provider_portal.
--
-- The one way past is the cascade of deleting the note's patient or practice. It is recognised by
-- what it does, not by who or how deep the caller is: a foreign key keeps a note's patient and
-- practice while the note exists, so `patient_record_parent_exists` (20261127110000) is false for a
-- note only inside the statement that deletes its patient or practice. A DELETE or UPDATE issued
-- from any other trigger, function or role finds the parent there and is refused. In that cascade
-- the note may be deleted, and the only change allowed to it is the one the appointment's
-- ON DELETE SET NULL makes (appointment_id → NULL, every other column as it was), because the
-- patient's appointments are deleted in the same cascade. SECURITY DEFINER (search_path pinned):
-- the checks read the parent rows whatever the caller may see, and the caller can bypass nothing.

CREATE OR REPLACE FUNCTION clinical_note_signed_locked() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  unlinked public.clinical_note;
BEGIN
  IF OLD.status <> 'signed' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF NOT public.patient_record_parent_exists(OLD.practice_id, OLD.patient_id) THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    unlinked := OLD;
    unlinked.appointment_id := NULL;
    IF NEW IS NOT DISTINCT FROM unlinked THEN
      RETURN NEW;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a signed clinical note cannot be deleted' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RAISE EXCEPTION 'a signed clinical note is locked; add an addendum instead' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
REVOKE ALL ON FUNCTION clinical_note_signed_locked() FROM PUBLIC;

-- Addenda: never updated; deleted only when their note or their practice is already gone. A note
-- goes only as a draft or in its patient's/practice's cascade, and an addendum is only ever added
-- to a signed note (checked on INSERT below), so either happens only in that cascade.
CREATE OR REPLACE FUNCTION clinical_note_addendum_append_only() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP = 'DELETE' AND (NOT EXISTS (SELECT 1 FROM public.clinical_note WHERE practice_id = OLD.practice_id AND id = OLD.note_id)
                           OR NOT EXISTS (SELECT 1 FROM public.practice WHERE id = OLD.practice_id)) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'clinical note addenda are append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
REVOKE ALL ON FUNCTION clinical_note_addendum_append_only() FROM PUBLIC;

CREATE FUNCTION clinical_note_addendum_on_signed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM public.clinical_note WHERE practice_id = NEW.practice_id AND id = NEW.note_id AND status = 'signed') THEN
    RAISE EXCEPTION 'addenda are added to signed clinical notes only' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
REVOKE ALL ON FUNCTION clinical_note_addendum_on_signed() FROM PUBLIC;
CREATE TRIGGER clinical_note_addendum_on_signed BEFORE INSERT ON "clinical_note_addendum"
  FOR EACH ROW EXECUTE FUNCTION clinical_note_addendum_on_signed();
