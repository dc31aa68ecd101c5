import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  type FormulaNode,
  type FormulaOperator,
  findFormulaCycle,
  formulaNames,
  parseFormula,
  printFormula,
  resolveFormulas,
  roundFormulaResult,
  validateFormula,
} from './formula';

function parsed(text: string): FormulaNode {
  const result = parseFormula(text);
  if (!result.ok)
    throw new Error(`did not parse: ${text} (${result.error.code} at ${result.error.position})`);
  return result.value;
}

function evaluate(text: string, values: Record<string, number | null>) {
  return evaluateFormula(parsed(text), values);
}

/** The AST without positions, to compare structure only. */
function shape(node: FormulaNode): unknown {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'name':
      return { name: node.name };
    case 'negate':
      return { negate: shape(node.operand) };
    case 'binary':
      return [shape(node.left), node.operator, shape(node.right)];
    case 'call':
      return { [node.fn]: node.args.map(shape) };
  }
}

describe('parsing', () => {
  it('gives * and / precedence over + and -, left to right', () => {
    expect(evaluate('1 + 2 * 3 - 4 / 2', {})).toEqual({ ok: true, value: 5 });
    expect(evaluate('10 - 4 - 3', {})).toEqual({ ok: true, value: 3 });
    expect(evaluate('(1 + 2) * 3', {})).toEqual({ ok: true, value: 9 });
    expect(evaluate('--2 * -3', {})).toEqual({ ok: true, value: -6 });
  });

  it('reads simple names in any script and bracketed names with spaces', () => {
    const values = { midterm: 60, 中間テスト: 70, 'Bài kiểm tra 1': 80, điểm_cộng: 5 };
    expect(evaluate('midterm + 中間テスト + [Bài kiểm tra 1] + điểm_cộng', values)).toEqual({
      ok: true,
      value: 215,
    });
  });

  it('matches names ignoring case, width and surrounding spaces', () => {
    expect(evaluate('[ MIDTERM ] + ｍｉｄｔｅｒｍ', { midterm: 10 })).toEqual({ ok: true, value: 20 });
  });

  it('reads full-width operators and digits typed with a Japanese input method', () => {
    expect(evaluate('（１＋２）＊３', {})).toEqual({ ok: true, value: 9 });
  });

  it('calls MAX, MIN, AVG and ROUND in any letter case', () => {
    expect(evaluate('MAX(a, b, 3)', { a: 1, b: 2 })).toEqual({ ok: true, value: 3 });
    expect(evaluate('min(a, b)', { a: 1, b: 2 })).toEqual({ ok: true, value: 1 });
    expect(evaluate('Avg(a, b)', { a: 1, b: 2 })).toEqual({ ok: true, value: 1.5 });
    expect(evaluate('ROUND(a / 3, 2)', { a: 10 })).toEqual({ ok: true, value: 3.33 });
    expect(evaluate('ROUND(2.5)', {})).toEqual({ ok: true, value: 3 });
  });

  it('treats a function name without parentheses as a score name', () => {
    expect(evaluate('max + 1', { max: 4 })).toEqual({ ok: true, value: 5 });
  });

  it('reports blank text as formula_empty', () => {
    expect(parseFormula('   ')).toEqual({ ok: false, error: { code: 'formula_empty', position: 0 } });
  });

  it.each([
    ['1 +', 3],
    ['(1 + 2', 6],
    ['1 2', 2],
    ['a $ b', 2],
    ['[unclosed + 1', 0],
    ['[] + 1', 0],
    ['FOO(1)', 0],
    ['ROUND(1, 2, 3)', 0],
    ['MAX()', 0],
    [')', 0],
  ])('reports %j as formula_syntax at offset %i', (text, position) => {
    expect(parseFormula(text)).toEqual({ ok: false, error: { code: 'formula_syntax', position } });
  });
});

describe('evaluation', () => {
  it('reports a name with no score as formula_unknown_name with its offset', () => {
    expect(evaluate('a + [Final exam]', { a: 1 })).toEqual({
      ok: false,
      error: { code: 'formula_unknown_name', position: 4, name: 'Final exam' },
    });
  });

  it('reports division by zero at the slash', () => {
    expect(evaluate('a / (b - 2)', { a: 1, b: 2 })).toEqual({
      ok: false,
      error: { code: 'formula_division_by_zero', position: 2 },
    });
  });

  it('gives null when any score it reads is not entered, even inside functions', () => {
    expect(evaluate('a + b', { a: 1, b: null })).toEqual({ ok: true, value: null });
    expect(evaluate('MAX(a, b)', { a: 1, b: null })).toEqual({ ok: true, value: null });
    expect(evaluate('-b / 0', { b: null })).toEqual({ ok: true, value: null });
  });

  it('keeps a zero score as zero', () => {
    expect(evaluate('a * 2 + 1', { a: 0 })).toEqual({ ok: true, value: 1 });
  });

  it('rounds results to two decimals only for display', () => {
    expect(roundFormulaResult(2 / 3)).toBe(0.67);
    expect(roundFormulaResult(null)).toBeNull();
  });
});

describe('formula-defined names', () => {
  const defs = (entries: Record<string, string>) =>
    new Map(Object.entries(entries).map(([name, text]) => [name, parsed(text)]));

  it('finds a cycle through other formulas and names it', () => {
    expect(findFormulaCycle(defs({ a: 'b + 1', b: 'c * 2', c: 'a' }))).toEqual(['a', 'b', 'c', 'a']);
    expect(findFormulaCycle(defs({ a: 'a' }))).toEqual(['a', 'a']);
    expect(findFormulaCycle(defs({ a: 'b + x', b: 'x * 2' }))).toBeNull();
  });

  it('refuses to save a formula that would close a cycle', () => {
    const others = defs({ total: '[Sub total] + 1' });
    const result = validateFormula('total / 2', ['x'], others, 'Sub total');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('formula_cycle');
    expect(validateFormula('x / 2', ['x'], others, 'Sub total').ok).toBe(true);
  });

  it('refuses to save a formula reading an unknown name', () => {
    expect(validateFormula('x + y', ['x'])).toEqual({
      ok: false,
      error: { code: 'formula_unknown_name', position: 4, name: 'y' },
    });
  });

  it('evaluates formula-defined names after the ones they read', () => {
    const result = resolveFormulas(defs({ final: 'mid + bonus', mid: '(a + b) / 2' }), {
      a: 60,
      b: 80,
      bonus: 5,
    });
    expect(result).toEqual({
      ok: true,
      value: new Map([
        ['mid', 70],
        ['final', 75],
      ]),
    });
  });

  it('lists the names a formula reads once each', () => {
    expect(formulaNames(parsed('a + A + [b c] * a'))).toEqual(['a', 'b c']);
  });
});

// ------------------------------------------------------------------------------------------------------
// Properties.

const NAMES = ['midterm', '中間テスト', 'Bài kiểm tra 1', 'final_exam', 'điểm', 'MAX', 'x1'] as const;
const VALUES: Record<string, number> = {
  midterm: 62.5,
  中間テスト: 71,
  'Bài kiểm tra 1': 0,
  final_exam: 88.25,
  điểm: 3,
  MAX: 100,
  x1: 7,
};

type Reference = { text: string; value: number };
const literal = fc.integer({ min: 0, max: 100_000 }).map((hundredths) => hundredths / 100);

const reference = fc.letrec<{ expr: Reference }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal.map((value) => ({ text: String(value), value })),
    fc.constantFrom(...NAMES).map((name) => ({
      text: /\s/.test(name) ? `[${name}]` : name,
      value: VALUES[name] ?? Number.NaN,
    })),
    tie('expr').map((inner) => ({ text: `-(${inner.text})`, value: -inner.value })),
    fc
      .tuple(tie('expr'), fc.constantFrom<FormulaOperator>('+', '-', '*', '/'), tie('expr'))
      .map(([left, operator, right]) => ({
        text: `(${left.text} ${operator} ${right.text})`,
        value: applyReference(operator, left.value, right.value),
      })),
  ),
})).expr;

function applyReference(operator: FormulaOperator, left: number, right: number): number {
  if (operator === '+') return left + right;
  if (operator === '-') return left - right;
  if (operator === '*') return left * right;
  return right === 0 || Number.isNaN(left) || Number.isNaN(right) ? Number.NaN : left / right;
}

const ast = fc.letrec<{ node: FormulaNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal.map((value): FormulaNode => ({ kind: 'number', value, position: 0 })),
    fc.constantFrom(...NAMES).map((name): FormulaNode => ({ kind: 'name', name, position: 0 })),
    tie('node').map((operand): FormulaNode => ({ kind: 'negate', operand, position: 0 })),
    fc
      .tuple(tie('node'), fc.constantFrom<FormulaOperator>('+', '-', '*', '/'), tie('node'))
      .map(
        ([left, operator, right]): FormulaNode => ({ kind: 'binary', operator, left, right, position: 0 }),
      ),
    fc
      .tuple(
        fc.constantFrom('MAX', 'MIN', 'AVG') as fc.Arbitrary<'MAX' | 'MIN' | 'AVG'>,
        fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
      )
      .map(([fn, args]): FormulaNode => ({ kind: 'call', fn, args, position: 0 })),
  ),
})).node;

describe('formula properties', () => {
  it('evaluates random well-formed expressions to the value computed directly', () => {
    fc.assert(
      fc.property(reference, ({ text, value }) => {
        const result = evaluate(text, VALUES);
        if (Number.isNaN(value)) {
          // A zero divisor somewhere: the evaluator must report it rather than produce a number.
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.code).toBe('formula_division_by_zero');
          return;
        }
        expect(result).toEqual({ ok: true, value });
      }),
      { numRuns: 500 },
    );
  });

  it('reparses printed formulas to the same tree', () => {
    fc.assert(
      fc.property(ast, (node) => {
        const text = printFormula(node);
        expect(shape(parsed(text))).toEqual(shape(node));
      }),
      { numRuns: 500 },
    );
  });

  it('prints a parsed formula back to text that prints the same again', () => {
    fc.assert(
      fc.property(reference, ({ text }) => {
        const printed = printFormula(parsed(text));
        expect(printFormula(parsed(printed))).toBe(printed);
      }),
    );
  });
});
