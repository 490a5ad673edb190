-- Issue 27, record 0042: the patient search's matches planned once per connection. The function ran
-- its query as dynamic SQL, parsed and planned at every call: a third of its time, most of it
-- estimating the ILIKE's selectivity against the column's histogram. A text of three characters or
-- more is now matched by a static query, whose plan PL/pgSQL keeps and reuses: the trigram indexes
-- answer any such text (each holds at least one trigram to look up). A shorter text holds no
-- trigram, so an index would read all of itself; it is still planned for the text it is given,
-- where the planner can choose to read the table instead.
-- Same restriction as before: the caller's practice from the transaction's binding, never an argument.
CREATE OR REPLACE FUNCTION practice_patient_matches(typed text) RETURNS TABLE (id text, name text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF length(typed) >= 3 THEN
    RETURN QUERY SELECT p.id, p.name FROM patient p WHERE p.practice_id = app_practice_id()
      AND (p.name ILIKE '%' || typed || '%' OR p.email ILIKE '%' || typed || '%' OR p.phone LIKE '%' || typed || '%');
  ELSE
    RETURN QUERY EXECUTE
      'SELECT p.id, p.name FROM patient p WHERE p.practice_id = $1'
      ' AND (p.name ILIKE ''%'' || $2 || ''%'' OR p.email ILIKE ''%'' || $2 || ''%'' OR p.phone LIKE ''%'' || $2 || ''%'')'
      USING app_practice_id(), typed;
  END IF;
END $$;
