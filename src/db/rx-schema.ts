import type { JsonSchema, RxJsonSchema } from 'rxdb';
import { z } from 'zod';

type ZodJsonSchema = z.core.JSONSchema.JSONSchema;

/** A document as the browser stores it: RxDB keeps the deleted flag itself, so it is no schema field. */
export type StoredDoc<DocSchema extends z.ZodObject> = Omit<z.output<DocSchema>, '_deleted'>;

type FieldOf<Doc> = Extract<keyof Doc, string>;

/** How one collection is stored, beyond what its zod document schema says. */
export type RxSchemaSpec<Doc> = {
  title: string;
  /** The stored schema's version: raise it (with a migration strategy) whenever the generated schema changes. */
  version: number;
  /** The indexes the screens' queries use; each field must be required, single-typed and bounded. */
  indexes: readonly (FieldOf<Doc> | readonly FieldOf<Doc>[])[];
  /**
   * Fields stored in another form than the generic rule gives: the bounds an indexed field needs and zod
   * does not state, and the forms written by hand before the schemas were generated. RxDB refuses to open a
   * stored collection whose schema changed without a new version, so these stay as browsers hold them.
   */
  fields?: Partial<Record<FieldOf<Doc>, JsonSchema>>;
};

const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

function typeName(schema: ZodJsonSchema): JsonSchema['type'] {
  return schema.type === 'integer' ? 'number' : schema.type;
}

/**
 * One field in RxDB's terms. A nullable field is stored by its types alone, a string with zod's maximum
 * length, an integer zod bounds with its bounds (an unbounded one as a plain number); list items and nested
 * objects by their types alone. Only these constraints reach the stored schema: RxDB needs them for indexes,
 * and the server's schema validates the rest of the shape on every push.
 */
function rxProperty(schema: ZodJsonSchema, bare: boolean): JsonSchema {
  const nonNull = schema.anyOf?.filter((member) => member.type !== 'null');
  if (nonNull && nonNull.length === 1 && nonNull[0]) {
    const inner = typeName(nonNull[0]);
    if (typeof inner !== 'string') throw new Error(`Unsupported nullable field ${JSON.stringify(schema)}`);
    return { type: [inner, 'null'] };
  }
  switch (schema.type) {
    case 'string':
      if (bare) return { type: 'string' };
      return {
        type: 'string',
        ...(schema.enum ? { enum: [...schema.enum] } : {}),
        ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
      };
    case 'integer': {
      const { minimum = -SAFE_BOUND, maximum = SAFE_BOUND } = schema;
      if (bare || (minimum <= -SAFE_BOUND && maximum >= SAFE_BOUND)) return { type: 'number' };
      return { type: 'number', minimum, maximum, multipleOf: 1 };
    }
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'array': {
      const items = schema.items;
      if (!items || Array.isArray(items) || typeof items !== 'object')
        throw new Error(`Unsupported list ${JSON.stringify(schema)}`);
      return { type: 'array', items: rxProperty(items, true) };
    }
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(schema.properties ?? {}).flatMap(([name, field]) =>
            typeof field === 'object' ? [[name, rxProperty(field, true)]] : [],
          ),
        ),
        required: [...(schema.required ?? [])],
      };
    default:
      if (Array.isArray(schema.type) && schema.type.length === 2 && schema.type.includes('null')) {
        return { type: [...schema.type] };
      }
      throw new Error(`Unsupported field ${JSON.stringify(schema)}`);
  }
}

/**
 * The RxDB JSON schema of a collection, generated from its zod document schema: every field but `_deleted`,
 * all of them required (Dexie cannot index optional fields, and the server always sends every field), `id`
 * the primary key, with the collection's own indexes and stored forms.
 */
export function rxSchemaOf<DocSchema extends z.ZodObject>(
  docSchema: DocSchema,
  spec: RxSchemaSpec<StoredDoc<DocSchema>>,
): RxJsonSchema<StoredDoc<DocSchema>> {
  const json = z.toJSONSchema(docSchema, { io: 'output' });
  const overrides: Partial<Record<string, JsonSchema>> = spec.fields ?? {};
  const properties = Object.fromEntries(
    Object.entries(json.properties ?? {}).flatMap(([name, field]) => {
      if (name === '_deleted' || typeof field !== 'object') return [];
      return [[name, overrides[name] ?? rxProperty(field, false)]];
    }),
  );
  const schema = {
    title: spec.title,
    version: spec.version,
    primaryKey: 'id',
    type: 'object',
    properties,
    required: (json.required ?? []).filter((name) => name !== '_deleted'),
    indexes: spec.indexes.map((index) => (typeof index === 'string' ? index : [...index])),
    additionalProperties: false,
  } as const;
  // The properties come from the document schema the stored type is inferred from, one for one; RxDB's
  // schema type spells them out by key, which a generated object cannot show the compiler.
  return schema as unknown as RxJsonSchema<StoredDoc<DocSchema>>;
}

/** The parts of an RxDB schema its indexes depend on, whatever its document type. */
export type IndexedSchema = {
  primaryKey: string | { key: string };
  properties: Record<string, JsonSchema>;
  required?: readonly string[];
  indexes?: readonly (string | readonly string[])[];
};

/**
 * What keeps a schema's indexes from working in the browser: RxDB builds them on Dexie, which cannot index an
 * optional or nullable field, and needs a bound length or range on every indexed string or number.
 */
export function indexProblems(schema: IndexedSchema): string[] {
  const properties: Record<string, JsonSchema | undefined> = schema.properties;
  const required: readonly string[] = schema.required ?? [];
  const fields = [
    typeof schema.primaryKey === 'string' ? schema.primaryKey : schema.primaryKey.key,
    ...(schema.indexes ?? []).flatMap((index) => (typeof index === 'string' ? [index] : [...index])),
  ];
  return [...new Set(fields)].flatMap((field) => {
    const property = properties[field];
    if (!property) return [`${field} is no field`];
    if (!required.includes(field)) return [`${field} is indexed but not required`];
    if (property.type === 'string' && property.maxLength === undefined)
      return [`${field} is an indexed string without maxLength`];
    if (property.type === 'number') {
      const bounded =
        property.minimum !== undefined && property.maximum !== undefined && property.multipleOf !== undefined;
      return bounded ? [] : [`${field} is an indexed number without minimum, maximum and multipleOf`];
    }
    if (property.type === 'string' || property.type === 'boolean') return [];
    return [`${field} is indexed but has the type ${JSON.stringify(property.type)}`];
  });
}
