import { nameKey } from './names';
import { roundTo } from './numbers';

/**
 * The final-score formula language (SPEC §3 "Formula: formula and master"): numbers, `+ - * /`, parentheses,
 * unary minus, score names and four functions. A score name is either a simple identifier (letters of any
 * script, digits and `_`, not starting with a digit: `midterm`, `中間テスト`, `điểm_1`) or any text in
 * brackets (`[Bài kiểm tra 1]`, the only way to write names with spaces or symbols; `]` cannot appear in a
 * name). Functions, case-insensitive: `MAX(a, …)`, `MIN(a, …)`, `AVG(a, …)`, `ROUND(x)` and
 * `ROUND(x, digits)`. Full-width ASCII (`＋`, `１`, `（`) is read as its half-width form so Japanese input
 * methods work. The text is tokenised and parsed by hand into an AST; nothing is ever passed to eval.
 */

/** Error codes of the formula language; the UI translates them. */
export const FormulaErrorCode = {
  syntax: 'formula_syntax',
  unknownName: 'formula_unknown_name',
  divisionByZero: 'formula_division_by_zero',
  cycle: 'formula_cycle',
  empty: 'formula_empty',
} as const;
export type FormulaErrorCode = (typeof FormulaErrorCode)[keyof typeof FormulaErrorCode];

/** A formula error: its code, the 0-based character offset it points at, and the name involved if any. */
export interface FormulaError {
  code: FormulaErrorCode;
  position: number;
  name?: string;
  /** For `formula_cycle`: the names around the cycle, first repeated last. */
  cycle?: string[];
}

/** Functions a formula may call. */
export const FORMULA_FUNCTIONS = ['MAX', 'MIN', 'AVG', 'ROUND'] as const;
export type FormulaFunction = (typeof FORMULA_FUNCTIONS)[number];

/** Binary operators of the language. */
export type FormulaOperator = '+' | '-' | '*' | '/';

/** A node of a parsed formula; `position` is the offset of the token that makes the node. */
export type FormulaNode =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'name'; name: string; position: number }
  | { kind: 'negate'; operand: FormulaNode; position: number }
  | { kind: 'binary'; operator: FormulaOperator; left: FormulaNode; right: FormulaNode; position: number }
  | { kind: 'call'; fn: FormulaFunction; args: FormulaNode[]; position: number };

/** Either a value or an error. */
export type FormulaResult<T> = { ok: true; value: T } | { ok: false; error: FormulaError };

type Token =
  | { type: 'number'; value: number; position: number }
  | { type: 'identifier'; text: string; position: number }
  | { type: 'bracketName'; text: string; position: number }
  | { type: 'punct'; text: '+' | '-' | '*' | '/' | '(' | ')' | ','; position: number }
  | { type: 'end'; position: number };

const SIMPLE_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const NAME_START = /[\p{L}_]/u;
const NAME_PART = /[\p{L}\p{N}_]/u;
const DIGIT = /[0-9]/;
const PUNCTUATION = new Set(['+', '-', '*', '/', '(', ')', ',']);
const MAX_ROUND_DIGITS = 10;

function fail<T>(code: FormulaErrorCode, position: number, name?: string): FormulaResult<T> {
  return { ok: false, error: name === undefined ? { code, position } : { code, position, name } };
}

/** Full-width ASCII and the ideographic space to half-width, one UTF-16 unit for one, so offsets stay put. */
function toHalfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\u3000]/g, (char) =>
    char === '\u3000' ? ' ' : String.fromCharCode(char.charCodeAt(0) - 0xfee0),
  );
}

function tokenize(source: string): FormulaResult<Token[]> {
  const text = toHalfWidth(source);
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (/\s/.test(char)) {
      index += 1;
    } else if (DIGIT.test(char)) {
      const match = /^[0-9]+(\.[0-9]+)?/.exec(text.slice(index));
      const literal = match?.[0] ?? char;
      tokens.push({ type: 'number', value: Number(literal), position: index });
      index += literal.length;
    } else if (NAME_START.test(char)) {
      const start = index;
      while (index < text.length && NAME_PART.test(text.charAt(index))) index += 1;
      tokens.push({ type: 'identifier', text: text.slice(start, index), position: start });
    } else if (char === '[') {
      const close = text.indexOf(']', index + 1);
      if (close < 0) return fail(FormulaErrorCode.syntax, index);
      // Names keep the user's own characters (only trimmed); matching later goes through nameKey.
      const name = source.slice(index + 1, close).trim();
      if (name === '') return fail(FormulaErrorCode.syntax, index);
      tokens.push({ type: 'bracketName', text: name, position: index });
      index = close + 1;
    } else if (PUNCTUATION.has(char)) {
      tokens.push({ type: 'punct', text: char as '+' | '-' | '*' | '/' | '(' | ')' | ',', position: index });
      index += 1;
    } else {
      return fail(FormulaErrorCode.syntax, index);
    }
  }
  tokens.push({ type: 'end', position: text.length });
  return { ok: true, value: tokens };
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  private peek(): Token {
    // The token list always ends with an `end` token, which the parser never steps past.
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] ?? { type: 'end', position: 0 };
  }

  private isPunct(text: string): boolean {
    const token = this.peek();
    return token.type === 'punct' && token.text === text;
  }

  parseAll(): FormulaResult<FormulaNode> {
    const expression = this.parseSum();
    if (!expression.ok) return expression;
    const rest = this.peek();
    if (rest.type !== 'end') return fail(FormulaErrorCode.syntax, rest.position);
    return expression;
  }

  private parseSum(): FormulaResult<FormulaNode> {
    return this.parseBinary(['+', '-'], () => this.parseProduct());
  }

  private parseProduct(): FormulaResult<FormulaNode> {
    return this.parseBinary(['*', '/'], () => this.parseUnary());
  }

  /** One left-associative precedence level. */
  private parseBinary(
    operators: readonly FormulaOperator[],
    operand: () => FormulaResult<FormulaNode>,
  ): FormulaResult<FormulaNode> {
    let left = operand();
    if (!left.ok) return left;
    for (;;) {
      const token = this.peek();
      if (token.type !== 'punct' || !(operators as readonly string[]).includes(token.text)) return left;
      this.index += 1;
      const right = operand();
      if (!right.ok) return right;
      left = {
        ok: true,
        value: {
          kind: 'binary',
          operator: token.text as FormulaOperator,
          left: left.value,
          right: right.value,
          position: token.position,
        },
      };
    }
  }

  private parseUnary(): FormulaResult<FormulaNode> {
    const token = this.peek();
    if (token.type === 'punct' && token.text === '-') {
      this.index += 1;
      const operand = this.parseUnary();
      if (!operand.ok) return operand;
      return { ok: true, value: { kind: 'negate', operand: operand.value, position: token.position } };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): FormulaResult<FormulaNode> {
    const token = this.peek();
    switch (token.type) {
      case 'number':
        this.index += 1;
        return { ok: true, value: { kind: 'number', value: token.value, position: token.position } };
      case 'bracketName':
        this.index += 1;
        return { ok: true, value: { kind: 'name', name: token.text, position: token.position } };
      case 'identifier':
        this.index += 1;
        if (this.isPunct('(')) return this.parseCall(token.text, token.position);
        return { ok: true, value: { kind: 'name', name: token.text, position: token.position } };
      case 'punct':
        if (token.text !== '(') return fail(FormulaErrorCode.syntax, token.position);
        return this.parseGroup();
      case 'end':
        return fail(FormulaErrorCode.syntax, token.position);
    }
  }

  private parseGroup(): FormulaResult<FormulaNode> {
    this.index += 1;
    const inner = this.parseSum();
    if (!inner.ok) return inner;
    if (!this.isPunct(')')) return fail(FormulaErrorCode.syntax, this.peek().position);
    this.index += 1;
    return inner;
  }

  private parseCall(identifier: string, position: number): FormulaResult<FormulaNode> {
    const fn = FORMULA_FUNCTIONS.find((candidate) => candidate === identifier.toUpperCase());
    if (fn === undefined) return fail(FormulaErrorCode.syntax, position);
    this.index += 1; // the "("
    const args: FormulaNode[] = [];
    if (!this.isPunct(')')) {
      for (;;) {
        const arg = this.parseSum();
        if (!arg.ok) return arg;
        args.push(arg.value);
        if (!this.isPunct(',')) break;
        this.index += 1;
      }
    }
    if (!this.isPunct(')')) return fail(FormulaErrorCode.syntax, this.peek().position);
    this.index += 1;
    const arityOk = fn === 'ROUND' ? args.length === 1 || args.length === 2 : args.length >= 1;
    if (!arityOk) return fail(FormulaErrorCode.syntax, position);
    return { ok: true, value: { kind: 'call', fn, args, position } };
  }
}

/** Parses formula text into an AST; blank text is `formula_empty`, anything malformed `formula_syntax`. */
export function parseFormula(text: string): FormulaResult<FormulaNode> {
  if (text.trim() === '') return fail(FormulaErrorCode.empty, 0);
  const tokens = tokenize(text);
  if (!tokens.ok) return tokens;
  return new Parser(tokens.value).parseAll();
}

const PRECEDENCE: Record<FormulaOperator, number> = { '+': 1, '-': 1, '*': 2, '/': 2 };
const UNARY_PRECEDENCE = 3;

function precedenceOf(node: FormulaNode): number {
  if (node.kind === 'binary') return PRECEDENCE[node.operator];
  if (node.kind === 'negate') return UNARY_PRECEDENCE;
  return Number.POSITIVE_INFINITY;
}

function printNumber(value: number): string {
  const plain = String(value);
  // Very large or small numbers print in exponent form, which the language does not read.
  return plain.includes('e')
    ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : plain;
}

/**
 * Prints an AST as formula text with the fewest parentheses that reparse to the same tree: operators are
 * left-associative, so a right operand of equal precedence keeps its parentheses. Names that are simple
 * identifiers print bare, others in brackets.
 */
export function printFormula(node: FormulaNode): string {
  switch (node.kind) {
    case 'number':
      return printNumber(node.value);
    case 'name':
      return SIMPLE_NAME.test(node.name) ? node.name : `[${node.name}]`;
    case 'negate': {
      const operand = printFormula(node.operand);
      return precedenceOf(node.operand) < UNARY_PRECEDENCE ? `-(${operand})` : `-${operand}`;
    }
    case 'binary': {
      const own = PRECEDENCE[node.operator];
      const left = printFormula(node.left);
      const right = printFormula(node.right);
      const leftText = precedenceOf(node.left) < own ? `(${left})` : left;
      const rightText = precedenceOf(node.right) <= own ? `(${right})` : right;
      return `${leftText} ${node.operator} ${rightText}`;
    }
    case 'call':
      return `${node.fn}(${node.args.map(printFormula).join(', ')})`;
  }
}

/** The score names a formula reads, as written, in order of first use (one entry per name key). */
export function formulaNames(node: FormulaNode): string[] {
  const seen = new Map<string, string>();
  const visit = (current: FormulaNode): void => {
    if (current.kind === 'name') {
      const key = nameKey(current.name);
      if (!seen.has(key)) seen.set(key, current.name);
    } else if (current.kind === 'negate') visit(current.operand);
    else if (current.kind === 'binary') {
      visit(current.left);
      visit(current.right);
    } else if (current.kind === 'call') current.args.forEach(visit);
  };
  visit(node);
  return [...seen.values()];
}

/** Score values by name; `null` is a score not entered yet. */
export type ScoreValues = ReadonlyMap<string, number | null> | Readonly<Record<string, number | null>>;

function keyedValues(values: ScoreValues): Map<string, number | null> {
  const entries = values instanceof Map ? [...values.entries()] : Object.entries(values);
  return new Map(entries.map(([name, value]) => [nameKey(name), value]));
}

function applyFunction(fn: FormulaFunction, args: number[], position: number): FormulaResult<number> {
  switch (fn) {
    case 'MAX':
      return { ok: true, value: Math.max(...args) };
    case 'MIN':
      return { ok: true, value: Math.min(...args) };
    case 'AVG':
      return { ok: true, value: args.reduce((sum, value) => sum + value, 0) / args.length };
    case 'ROUND': {
      const digits = args[1] ?? 0;
      if (!Number.isInteger(digits) || digits < 0 || digits > MAX_ROUND_DIGITS) {
        return fail(FormulaErrorCode.syntax, position);
      }
      return { ok: true, value: roundTo(args[0] ?? 0, digits) };
    }
  }
}

function evaluateNode(node: FormulaNode, values: Map<string, number | null>): FormulaResult<number | null> {
  switch (node.kind) {
    case 'number':
      return { ok: true, value: node.value };
    case 'name': {
      const key = nameKey(node.name);
      if (!values.has(key)) return fail(FormulaErrorCode.unknownName, node.position, node.name);
      return { ok: true, value: values.get(key) ?? null };
    }
    case 'negate': {
      const operand = evaluateNode(node.operand, values);
      if (!operand.ok || operand.value === null) return operand;
      return { ok: true, value: -operand.value };
    }
    case 'binary': {
      const left = evaluateNode(node.left, values);
      if (!left.ok) return left;
      const right = evaluateNode(node.right, values);
      if (!right.ok) return right;
      if (left.value === null || right.value === null) return { ok: true, value: null };
      return applyOperator(node.operator, left.value, right.value, node.position);
    }
    case 'call': {
      const args: number[] = [];
      let missing = false;
      for (const arg of node.args) {
        const result = evaluateNode(arg, values);
        if (!result.ok) return result;
        if (result.value === null) missing = true;
        else args.push(result.value);
      }
      if (missing) return { ok: true, value: null };
      return applyFunction(node.fn, args, node.position);
    }
  }
}

function applyOperator(
  operator: FormulaOperator,
  left: number,
  right: number,
  position: number,
): FormulaResult<number> {
  switch (operator) {
    case '+':
      return { ok: true, value: left + right };
    case '-':
      return { ok: true, value: left - right };
    case '*':
      return { ok: true, value: left * right };
    case '/':
      if (right === 0) return fail(FormulaErrorCode.divisionByZero, position);
      return { ok: true, value: left / right };
  }
}

/**
 * Evaluates a parsed formula with the student's scores. Names match on `nameKey` (case, width and outer
 * spaces ignored). A name absent from `values` is `formula_unknown_name`. A score that is present but null
 * (not entered) makes the whole result null, in every operator and function alike: a final score shows only
 * once every score it depends on is entered, instead of silently counting a missing score as 0. A zero
 * divisor is `formula_division_by_zero` at the `/`.
 */
export function evaluateFormula(node: FormulaNode, values: ScoreValues): FormulaResult<number | null> {
  return evaluateNode(node, keyedValues(values));
}

/** A formula result rounded to two decimals for display (SPEC §9); null stays null. */
export function roundFormulaResult(value: number | null): number | null {
  return value === null ? null : roundTo(value);
}

/**
 * A cycle among score names defined by formulas (name → its formula's AST), or null when there is none.
 * The answer lists the names around the cycle with the first repeated last (`[a, b, a]`).
 */
export function findFormulaCycle(definitions: ReadonlyMap<string, FormulaNode>): string[] | null {
  const byKey = new Map([...definitions].map(([name, node]) => [nameKey(name), { name, node }]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];

  const visit = (key: string): string[] | null => {
    const entry = byKey.get(key);
    if (entry === undefined || state.get(key) === 'done') return null;
    if (state.get(key) === 'visiting') {
      const start = path.findIndex((name) => nameKey(name) === key);
      return [...path.slice(start), entry.name];
    }
    state.set(key, 'visiting');
    path.push(entry.name);
    for (const used of formulaNames(entry.node)) {
      const cycle = visit(nameKey(used));
      if (cycle) return cycle;
    }
    path.pop();
    state.set(key, 'done');
    return null;
  };

  for (const key of byKey.keys()) {
    const cycle = visit(key);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Checks a formula before it is saved: it parses, reads only known score names, and creates no cycle with
 * the other formula-defined names. `ownName` is the score the formula defines (none for the final score).
 */
export function validateFormula(
  text: string,
  knownNames: Iterable<string>,
  otherDefinitions: ReadonlyMap<string, FormulaNode> = new Map(),
  ownName?: string,
): FormulaResult<FormulaNode> {
  const parsed = parseFormula(text);
  if (!parsed.ok) return parsed;
  const known = new Set([...knownNames, ...otherDefinitions.keys()].map(nameKey));
  const unknown = findUnknownName(parsed.value, known);
  if (unknown) return fail(FormulaErrorCode.unknownName, unknown.position, unknown.name);
  if (ownName === undefined) return parsed;
  const cycle = findFormulaCycle(new Map([...otherDefinitions, [ownName, parsed.value]]));
  if (cycle) return { ok: false, error: { code: FormulaErrorCode.cycle, position: 0, cycle } };
  return parsed;
}

function findUnknownName(
  node: FormulaNode,
  known: ReadonlySet<string>,
): { name: string; position: number } | null {
  switch (node.kind) {
    case 'number':
      return null;
    case 'name':
      return known.has(nameKey(node.name)) ? null : { name: node.name, position: node.position };
    case 'negate':
      return findUnknownName(node.operand, known);
    case 'binary':
      return findUnknownName(node.left, known) ?? findUnknownName(node.right, known);
    case 'call':
      for (const arg of node.args) {
        const found = findUnknownName(arg, known);
        if (found) return found;
      }
      return null;
  }
}

/**
 * Values of every formula-defined score name, given the entered scores: each definition is evaluated after
 * the ones it reads. A cycle is `formula_cycle`; other errors are those of `evaluateFormula`.
 */
export function resolveFormulas(
  definitions: ReadonlyMap<string, FormulaNode>,
  values: ScoreValues,
): FormulaResult<Map<string, number | null>> {
  const cycle = findFormulaCycle(definitions);
  if (cycle) return { ok: false, error: { code: FormulaErrorCode.cycle, position: 0, cycle } };
  const known = keyedValues(values);
  const pending = new Map([...definitions].map(([name, node]) => [nameKey(name), { name, node }]));
  const resolved = new Map<string, number | null>();

  const resolve = (key: string): FormulaResult<number | null> | null => {
    const entry = pending.get(key);
    if (entry === undefined) return null;
    for (const used of formulaNames(entry.node)) {
      const dependency = resolve(nameKey(used));
      if (dependency && !dependency.ok) return dependency;
    }
    pending.delete(key);
    const result = evaluateNode(entry.node, known);
    if (!result.ok) return result;
    known.set(key, result.value);
    resolved.set(entry.name, result.value);
    return result;
  };

  for (const key of [...pending.keys()]) {
    const result = resolve(key);
    if (result && !result.ok) return result;
  }
  return { ok: true, value: resolved };
}
