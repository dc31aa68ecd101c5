const DATABASE_NAME_PATTERN = /^[a-z][_$a-zA-Z0-9-]*$/;

/**
 * The local database name of a user: one database per signed-in user, in RxDB's allowed alphabet. A module
 * of its own so the sign-out can name the databases it deletes without loading RxDB.
 */
export function databaseName(userId: string): string {
  const name = `school-${userId.replace(/[^a-zA-Z0-9_$-]/g, '_')}`;
  if (!DATABASE_NAME_PATTERN.test(name)) throw new Error(`Unusable database name ${name}`);
  return name;
}
