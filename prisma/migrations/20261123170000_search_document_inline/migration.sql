-- Hand-written (Prisma cannot express a column's storage); see
-- docs/decisions/0007-directory-search-indexes.md, "Searches with neither text nor place".
-- A practitioner row is ~2 KB, so PostgreSQL moved the largest value, the generated search_document
-- (~470 bytes, incompressible), out of line into the TOAST table for ~60 % of rows: a text search
-- without a place then fetched it from there for every match. MAIN keeps it in the row and moves the
-- bios and lists (read only for the page's cards and a profile) out instead. Rows written before
-- this migration keep their layout until they are next updated.
ALTER TABLE "practitioner" ALTER COLUMN "search_document" SET STORAGE MAIN;
