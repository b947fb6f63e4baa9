/**
 * Statements prepared per page size: a list's LIMIT is written into the statement's text
 * (literalLimit, decision record 006), so each page size is its own named statement, made on its
 * first use and kept. `name` gets the size appended (statement names are unique across the app).
 */
export function preparedPerPageSize<Statement>(name: string, make: (take: number, name: string) => Statement): (take: number) => Statement {
  const made = new Map<number, Statement>();
  return (take) => {
    let statement = made.get(take);
    if (!statement) {
      statement = make(take, `${name}_${take}`);
      made.set(take, statement);
    }
    return statement;
  };
}
