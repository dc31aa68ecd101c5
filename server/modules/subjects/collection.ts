import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type SubjectDoc, SubjectDocKind, subjectDocSchema } from '../../../domain/sync-docs';
import { teachersOfClassLateral } from '../../access/classes';
import { type SubjectStructureScope, subjectStructureReadScope } from '../../access/subject-structure';
import { studentRecordOf } from '../../access-log/pulls';
import { docJsonOf, SYNC_DOC_FIELDS, SYNC_ROW_COLUMNS, toDocFields } from '../../sync/doc-fields';
import type { SyncCollectionDef } from '../../sync/engine';

const subjectRowSchema = subjectDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type SubjectRow = z.infer<typeof subjectRowSchema>;

/** Every column of the union, with the SQL type a kind that lacks it selects as null. */
const COLUMNS = {
  subjectNameId: 'text',
  facultyId: 'text',
  yearCodeId: 'text',
  semesterId: 'text',
  startDate: 'text',
  endDate: 'text',
  formula: 'text',
  teacherAllowUpdateFinalScore: 'boolean',
  publish: 'int',
  classNameId: 'text',
  teacherIds: 'text[]',
  classId: 'text',
  studentId: 'text',
  subjectStudentId: 'text',
  lessonId: 'text',
  parentId: 'text',
  name: 'text',
  fullScore: 'float8',
  optionPlus: 'boolean',
  position: 'int',
  highlightType: 'int',
  conditionType: 'int',
  compareType: 'int',
  value: 'float8',
  messageToStudent: 'text',
  hidden: 'boolean',
} as const;

type Column = keyof typeof COLUMNS;

/**
 * The select of one kind, every column of the union in one order: `own` gives the kind's own columns, the
 * rest are typed nulls (an empty list for `teacherIds`). `t` is the table's alias; `seq` defaults to its own.
 */
function selectKind(
  kind: SubjectDocKind,
  from: SQL,
  subjectId: SQL,
  own: Partial<Record<Column, SQL>>,
  where: SQL,
  seq: SQL = sql`t.seq`,
) {
  const columns = (Object.keys(COLUMNS) as Column[]).map((column) => {
    const value =
      own[column] ?? (column === 'teacherIds' ? sql`'{}'::text[]` : sql.raw(`null::${COLUMNS[column]}`));
    return sql`${value} as ${sql.identifier(column)}`;
  });
  return sql`select t.id::text as "id", ${kind}::text as "kind", ${subjectId}::text as "subjectId",
    t.university_id::text as "universityId", ${sql.join(columns, sql`, `)}, ${seq} as seq, t.deleted
    from ${from} where ${where}`;
}

/** Every kind of row of a subject's structure, each kept to the rows `scope` lets the user pull. */
function subjectRows(scope: SubjectStructureScope): SQL {
  const inSubject = scope.underSubject;
  return sql.join(
    [
      selectKind(
        SubjectDocKind.subject,
        sql`subjects t`,
        sql`t.id`,
        {
          subjectNameId: sql`t.subject_name_id::text`,
          facultyId: sql`t.faculty_id::text`,
          yearCodeId: sql`t.year_code_id::text`,
          semesterId: sql`t.semester_id::text`,
          startDate: sql`t.start_date::text`,
          endDate: sql`t.end_date::text`,
          formula: sql`t.formula`,
          teacherAllowUpdateFinalScore: sql`t.teacher_allow_update_final_score`,
          publish: sql`t.publish::int`,
        },
        inSubject(sql`t.id`),
      ),
      // A class's row changes when its teachers do, so its sequence is the latest of the class and them.
      selectKind(
        SubjectDocKind.subjectClass,
        sql`subject_classes t ${teachersOfClassLateral(sql`t.id`, 'c')}`,
        sql`t.subject_id`,
        { classNameId: sql`t.class_name_id::text`, teacherIds: sql`coalesce(c.ids, '{}'::text[])` },
        inSubject(sql`t.subject_id`),
        sql`greatest(t.seq, coalesce(c.seq, 0))`,
      ),
      selectKind(
        SubjectDocKind.classStudent,
        sql`class_students t`,
        sql`t.subject_id`,
        {
          classId: sql`t.class_id::text`,
          studentId: sql`t.student_id::text`,
          subjectStudentId: sql`t.subject_student_id::text`,
        },
        scope.classStudent(sql`t.subject_id`, sql`t.class_id`, sql`t.student_id`),
      ),
      selectKind(
        SubjectDocKind.scoreName,
        sql`score_names t`,
        sql`t.subject_id`,
        {
          lessonId: sql`t.lesson_id::text`,
          parentId: sql`t.parent_id::text`,
          name: sql`t.name`,
          fullScore: sql`t.full_score::float8`,
          optionPlus: sql`t.option_plus`,
          position: sql`t.position`,
        },
        inSubject(sql`t.subject_id`),
      ),
      selectKind(
        SubjectDocKind.highlight,
        sql`highlights t`,
        sql`t.subject_id`,
        {
          highlightType: sql`t.type::int`,
          conditionType: sql`t.condition_type::int`,
          compareType: sql`t.compare_type::int`,
          value: sql`t.value::float8`,
          messageToStudent: sql`t.message_to_student`,
          position: sql`t.priority`,
          hidden: sql`t.hidden`,
        },
        scope.highlight(sql`t.subject_id`, sql`t.hidden`),
      ),
    ],
    sql` union all `,
  );
}

/**
 * `subjects`: subjects with their classes, class students, score names and highlight rules, grouped by shape
 * with a `kind` field. Pull only: subjects change through the subject screens' REST calls.
 */
export const subjectsCollection: SyncCollectionDef<SubjectDoc, SubjectRow> = {
  name: 'subjects',
  docSchema: subjectDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.subjects.pull,
  scope: (actor) => subjectRows(subjectStructureReadScope(actor)),
  subjectColumn: 'subjectId',
  rowSchema: subjectRowSchema,
  toDoc: toDocFields,
  docJson: docJsonOf(subjectDocSchema),
  recordOf: studentRecordOf,
  push: null,
};
