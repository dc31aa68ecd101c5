import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { GPA_MAX } from '../../../domain/gpa';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../../domain/highlights';
import { LIMITS } from '../../../domain/limits';
import { COUNT_MAX } from '../../../domain/validation';
import { codeCheck, seqIndex, syncedRowColumns, textCheck } from './columns';
import { subjectPartition, subjectPartitionKey } from './subjects';

const gpa = sql.raw(String(HighlightCondition.gpa));

/**
 * A highlight rule of a subject (SPEC §3 `highlight {type, condition_type, compare_type, value}`), with the
 * message flagged students read, its place in the subject's priority order and whether it is hidden. The
 * checks repeat domain `highlightRuleSchema`: GPA belongs to achievement highlights and lies on 0–4, the
 * attendance tallies to attendance highlights and are whole counts.
 */
export const highlights = pgTable(
  'highlights',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    type: smallint('type').notNull(),
    conditionType: smallint('condition_type').notNull(),
    compareType: smallint('compare_type').notNull(),
    value: numeric('value', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    messageToStudent: text('message_to_student'),
    priority: integer('priority').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
  },
  (table) => [
    subjectPartitionKey('highlights', table),
    // SPEC §5: a duplicate condition is refused.
    uniqueIndex('highlights_condition_unique')
      .on(table.subjectId, table.type, table.conditionType, table.compareType, table.value)
      .where(sql`not ${table.deleted}`),
    index('highlights_subject_id_idx').on(table.subjectId, table.priority),
    seqIndex('highlights', table),
    codeCheck('highlights_type_valid', table.type, HighlightType),
    codeCheck('highlights_condition_valid', table.conditionType, HighlightCondition),
    codeCheck('highlights_compare_valid', table.compareType, HighlightCompare),
    check(
      'highlights_condition_fits_type',
      sql`(${table.type} = ${sql.raw(String(HighlightType.achievement))}) = (${table.conditionType} = ${gpa})`,
    ),
    check('highlights_value_not_negative', sql`${table.value} >= 0`),
    check(
      'highlights_value_range',
      sql`case when ${table.conditionType} = ${gpa} then ${table.value} <= ${sql.raw(String(GPA_MAX))}
        else ${table.value} = trunc(${table.value}) and ${table.value} <= ${sql.raw(String(COUNT_MAX))} end`,
    ),
    check('highlights_priority_not_negative', sql`${table.priority} >= 0`),
    textCheck('highlights_message_length', table.messageToStudent, LIMITS.commentMaxLength),
  ],
);
