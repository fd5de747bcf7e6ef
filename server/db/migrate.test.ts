import { describe, expect, it } from 'vitest'
import { splitStatements } from './migrate'

describe('migration splitting', () => {
  it('splits at line-ending semicolons and keeps $$ bodies whole', () => {
    const sql = `-- a comment;
CREATE TABLE a (x INT);
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'no';
END
$$;
INSERT INTO a VALUES (1);`
    const parts = splitStatements(sql)
    expect(parts).toHaveLength(3)
    expect(parts[1]).toContain("RAISE EXCEPTION 'no';")
    expect(parts[1]!.endsWith('$$;')).toBe(true)
    expect(parts[0]).not.toContain('comment')
  })
})
