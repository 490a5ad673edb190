-- Issue 27, record 0042: the patient search's matches through the trigram indexes. Under row-level
-- security PostgreSQL may not use an index for a condition whose operator is not leakproof (ILIKE
-- is not): it must filter by the policy first, so a search read all 10,000 patients of a large
-- practice. This function runs as its owner (not bound by the policy) and applies the same
-- restriction itself — the caller's practice from the transaction's binding, never an argument —
-- so the planner can use the indexes. It returns ids and names only.
-- Dynamic SQL (EXECUTE … USING) is planned for the pattern it is given, as the search was before.
CREATE FUNCTION practice_patient_matches(typed text) RETURNS TABLE (id text, name text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT p.id, p.name FROM patient p WHERE p.practice_id = $1'
    ' AND (p.name ILIKE ''%'' || $2 || ''%'' OR p.email ILIKE ''%'' || $2 || ''%'' OR p.phone LIKE ''%'' || $2 || ''%'')'
    USING app_practice_id(), typed;
END $$;
REVOKE ALL ON FUNCTION practice_patient_matches(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION practice_patient_matches(text) TO wellspring_app;
