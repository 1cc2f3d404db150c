import { describe, expect, it } from 'vitest';
import { parseTrace, TraceError } from '../../../src/model/serving/requests/trace';

describe('trace parser', () => {
  it('reads seconds by default, a header’s unit, comments, tabs and spaces', () => {
    expect(parseTrace('# replay\n0, 512, 128\n0.25\t100\t20\n\n1.5 64 1\n')).toEqual([
      { arrivalMs: 0, promptTokens: 512, outputTokens: 128 },
      { arrivalMs: 250, promptTokens: 100, outputTokens: 20 },
      { arrivalMs: 1500, promptTokens: 64, outputTokens: 1 },
    ]);
    expect(parseTrace('arrival_ms,prompt_tokens,output_tokens\r\n10,1,2\r\n10,3,4')).toEqual([
      { arrivalMs: 10, promptTokens: 1, outputTokens: 2 },
      { arrivalMs: 10, promptTokens: 3, outputTokens: 4 },
    ]);
    expect(parseTrace('ARRIVAL_S,PROMPT_TOKENS,OUTPUT_TOKENS\n2,1,1')[0]?.arrivalMs).toBe(2000);
  });

  const errorOf = (text: string): TraceError => {
    try {
      parseTrace(text);
    } catch (e) {
      if (e instanceof TraceError) return e;
      throw e;
    }
    throw new Error('no error');
  };

  it('says which line is wrong and how', () => {
    const cases: [string, number | undefined, RegExp][] = [
      ['', undefined, /^trace: no requests found; each line needs arrival_s/],
      ['# only a comment\n', undefined, /no requests found/],
      [
        '0,512\n',
        1,
        /^trace line 1: expected 3 fields \(arrival time, prompt tokens, output tokens\), found 2: "0,512"$/,
      ],
      ['0,1,2\n1,2,3,4\n', 2, /expected 3 fields .* found 4/],
      [
        'x,1,2\n',
        1,
        /unknown header "x,1,2"; expected arrival_s \(or arrival_ms\), prompt_tokens, output_tokens/,
      ],
      [
        'time,prompt_tokens,output_tokens\n',
        1,
        /unknown time column "time"; expected arrival_s or arrival_ms/,
      ],
      ['0,1,2\nsoon,1,2\n', 2, /arrival time must be a number ≥ 0, got "soon"/],
      ['-1,1,2\n', 1, /arrival time must be a number ≥ 0, got "-1"/],
      ['0,12.5,2\n', 1, /prompt tokens must be a whole number ≥ 1, got "12.5"/],
      ['0,1,0\n', 1, /output tokens must be a whole number ≥ 1, got "0"/],
      [
        '# header follows\narrival_s,prompt_tokens,output_tokens\n1,1,1\n0.5,1,1\n',
        4,
        /arrival time 0.5 is earlier than the line before; sort the trace by arrival time/,
      ],
      [
        '0,1,1\narrival_s,prompt_tokens,output_tokens\n',
        2,
        /arrival time must be a number ≥ 0, got "arrival_s"/,
      ],
    ];
    for (const [text, line, message] of cases) {
      const e = errorOf(text);
      expect(e.name).toBe('TraceError');
      expect(e.line).toBe(line);
      expect(e.message).toMatch(message);
    }
  });
});
