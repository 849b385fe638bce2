import { describe, expect, it } from 'vitest';
import { keptListAnswer, ListAnswers, RowFragments } from '../../src/server/db/row-fragments.ts';

interface Part {
  json: string;
}

describe('list answers kept with their rows versions', () => {
  it('gives a list its answer only for the very rows it was written from', () => {
    const answers = new ListAnswers();
    const kept = answers.set('7 all all', '1.10.(0,1) 2.11.(0,2)', '[1,2]');
    expect(answers.get('7 all all', '1.10.(0,1) 2.11.(0,2)')).toBe(kept);
    // A row changed, went, or came; another list of the team; the same rows in another order.
    expect(answers.get('7 all all', '1.12.(0,3) 2.11.(0,2)')).toBeUndefined();
    expect(answers.get('7 all all', '1.10.(0,1)')).toBeUndefined();
    expect(answers.get('7 all all', '1.10.(0,1) 2.11.(0,2) 3.13.(0,4)')).toBeUndefined();
    expect(answers.get('7 public none', '1.10.(0,1) 2.11.(0,2)')).toBeUndefined();
    expect(answers.get('7 all all', '2.11.(0,2) 1.10.(0,1)')).toBeUndefined();
    // A new answer of the list takes the old one's place, with gzipped bytes of its own to come.
    kept.compressed.gzipped = Buffer.from('old bytes');
    const next = answers.set('7 all all', '1.12.(0,3) 2.11.(0,2)', '[1,2,"changed"]');
    expect(next.compressed.gzipped).toBeUndefined();
    expect(answers.get('7 all all', '1.10.(0,1) 2.11.(0,2)')).toBeUndefined();
    expect(answers.size).toBe(1);
  });

  it('lets the least recently read list go past its budget, and keeps none larger than a quarter of it', () => {
    // Each costs (3 + 3 + 300) * 2 + 75 + 200 = 887 bytes: 4 fit in 4,000.
    const answers = new ListAnswers(4_000);
    const text = (i: number) => `${i}`.padEnd(300, '.');
    for (let i = 10; i < 14; i += 1) answers.set(`t${i}`, 'k.1', text(i));
    expect(answers.size).toBe(4);
    expect(answers.get('t10', 'k.1')?.text).toBe(text(10));
    answers.set('t14', 'k.1', text(14));
    expect(answers.get('t11', 'k.1')).toBeUndefined();
    expect(answers.get('t10', 'k.1')?.text).toBe(text(10));
    const large = answers.set('t15', 'k.1', 'x'.repeat(1_000));
    expect(large.text).toHaveLength(1_000);
    expect(answers.get('t15', 'k.1')).toBeUndefined();
    expect(answers.size).toBe(4);
  });

  it('writes a list anew from its kept parts only when one of its rows changed', async () => {
    const answers = new ListAnswers();
    const parts = new RowFragments<Part>();
    let versions = '1.10.(0,1) 2.11.(0,2)';
    const reads: number[][] = [];
    let writes = 0;
    const answer = () =>
      keptListAnswer(
        answers,
        'list',
        parts,
        async () => versions,
        async (ids) => {
          reads.push(ids);
          const keys = versions.split(' ');
          return ids.map((id) => ({
            key: keys.find((key) => key.startsWith(`${id}.`)) as string,
            value: { json: `"row ${id} at ${versions}"` },
          }));
        },
        (rows) => {
          writes += 1;
          return `[${rows.map((row) => row.json).join(',')}]`;
        },
      );
    const first = await answer();
    expect(await answer()).toBe(first);
    expect([reads, writes]).toEqual([[[1, 2]], 1]);
    versions = '1.10.(0,1) 2.14.(0,5)';
    const second = await answer();
    expect(second?.text).toBe(`["row 1 at 1.10.(0,1) 2.11.(0,2)","row 2 at ${versions}"]`);
    expect([reads, writes]).toEqual([[[1, 2], [2]], 2]);
  });
});
