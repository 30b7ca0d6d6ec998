-- Trigram indexes serve the lists' "contains" search (ILIKE '%text%'); PGlite loads the same extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
