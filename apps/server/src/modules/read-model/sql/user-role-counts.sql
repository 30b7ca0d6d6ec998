-- Counts and sums kept for the lists' totals (docs/decisions.md, "Lists' totals at 100,000 loans"), each
-- kept by triggers in the transaction of every change of the rows it counts, whichever code path makes it.

-- The users list's total: users per role.
CREATE OR REPLACE FUNCTION user_role_counts_bump(p_role integer, p_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_role_counts AS t (role_id, users) VALUES (p_role, p_sign)
  ON CONFLICT (role_id) DO UPDATE SET users = t.users + excluded.users;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_role_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM user_role_counts_bump(OLD.role_id, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM user_role_counts_bump(NEW.role_id, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Inserted users counted once per statement, not per row: a book moved in adds 50,000 customers in
-- one transaction, and a row bumped per user keeps every version of its role's counter alive until
-- the commit, each bump walking past all the earlier ones (33 s at 50,000, growing with the square).
CREATE OR REPLACE FUNCTION user_role_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_role_counts AS t (role_id, users)
  SELECT n.role_id, count(*) FROM new_users n GROUP BY n.role_id ORDER BY n.role_id
  ON CONFLICT (role_id) DO UPDATE SET users = t.users + excluded.users;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_user_role_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_role_counts;
  INSERT INTO user_role_counts (role_id, users) SELECT role_id, count(*) FROM users GROUP BY role_id;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_role_counts_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_role_counts_change AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_counts_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_role_counts_insert ON users;
--> statement-breakpoint
CREATE TRIGGER users_role_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_role_counts_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_role_counts_update AFTER UPDATE OF role_id ON users
  FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id) EXECUTE FUNCTION user_role_counts_change();
