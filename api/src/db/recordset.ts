import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Columns whose values are JSON already: they go into the recordset as they are, not as a string of JSON. */
const JSON_COLUMNS = new Set(['PgJson', 'PgJsonb']);

/**
 * An insert of many rows as one parameter: the rows as one JSON array, read by PostgreSQL's
 * json_populate_recordset with the table's own column types. Drizzle's insert makes a parameter of each
 * value and walks every one: for a batch of new orders (about thirty columns each) that took more of the
 * API's time than the database took to insert them. Each value goes through its column's own mapping,
 * as in drizzle's insert. Every row names the same columns; a column none names keeps its default.
 */
export function insertRecordset<T extends PgTable>(table: T, rows: T['$inferInsert'][]): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((key) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const column = columns[key]!;
      const value = (row as Record<string, unknown>)[key];
      record[column.name] = value === undefined || value === null ? null : JSON_COLUMNS.has(column.columnType) ? value : column.mapToDriverValue(value);
    }
    return record;
  });
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`;
}
