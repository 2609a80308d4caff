// `history --since` read strictly (src/core/history/since.ts): real dates only, offsets honoured,
// a date without a time is the start of its day, relative forms by the calendar.
import { describe, expect, test } from "bun:test";
import { sinceSeconds } from "../src/core/history/since.ts";

const utc = (iso: string) => Date.parse(iso) / 1000;

describe("sinceSeconds", () => {
  test("ISO dates with an offset are exact; without a time the day starts at midnight", () => {
    expect(sinceSeconds("2024-01-31T12:00Z")).toBe(utc("2024-01-31T12:00:00Z"));
    expect(sinceSeconds("2024-01-31 12:00:30+0530")).toBe(utc("2024-01-31T06:30:30Z"));
    expect(sinceSeconds("2024-01-31T00:00-08:00")).toBe(utc("2024-01-31T08:00:00Z"));
    expect(sinceSeconds("2024-02-29Z")).toBe(utc("2024-02-29T00:00:00Z"));
    const local = new Date(2024, 0, 31).getTime() / 1000;
    expect(sinceSeconds("2024-01-31")).toBe(local);
    expect(sinceSeconds("2100-01-01T00:00Z")).toBe(4102444800);
    expect(sinceSeconds("0099-06-01Z")).toBe(0); // year 99, not 1999; before 1970: every commit
  });

  test("relative forms count back from now, months and years by the calendar", () => {
    const now = Date.parse("2026-03-31T10:00:00Z");
    expect(sinceSeconds("2 weeks ago", now)).toBe(now / 1000 - 14 * 86400);
    expect(sinceSeconds("90.minutes.ago", now)).toBe(now / 1000 - 5400);
    const back = new Date(now);
    back.setMonth(back.getMonth() - 6);
    expect(sinceSeconds("6 months ago", now)).toBe(back.getTime() / 1000);
    expect(sinceSeconds("3000 years ago", now)).toBe(0);
    expect(sinceSeconds(`${"9".repeat(400)} days ago`, now)).toBe(0);
  });

  test("dates that do not exist are refused, naming the value and the part", () => {
    const refusal = (v: string) => {
      try {
        sinceSeconds(v);
      } catch (e) {
        return (e as Error).message;
      }
      return "accepted";
    };
    expect(refusal("2024-13-01")).toBe("--since: no such date: 2024-13-01 (month 13)");
    expect(refusal("2024-00-10")).toBe("--since: no such date: 2024-00-10 (month 00)");
    expect(refusal("2024-04-31")).toBe("--since: no such date: 2024-04-31 (day 31)");
    expect(refusal("1900-02-29")).toBe("--since: no such date: 1900-02-29 (day 29)");
    expect(refusal("2000-02-29")).toBe("accepted");
    expect(refusal("0000-01-01")).toBe("--since: no such date: 0000-01-01 (year 0000)");
    expect(refusal("2024-01-01T12:60")).toBe("--since: no such date: 2024-01-01T12:60 (minute 60)");
    expect(refusal("2024-01-01T12:00:60Z")).toBe("--since: no such date: 2024-01-01T12:00:60Z (second 60)");
    expect(refusal("2024-01-01T12:00+01:60")).toBe("--since: no such date: 2024-01-01T12:00+01:60 (offset +01:60)");
    expect(refusal("last tuesday")).toBe("--since takes a date, not last tuesday");
    expect(refusal("2024-1-1")).toBe("--since takes a date, not 2024-1-1");
    expect(refusal("x".repeat(1000)).length).toBeLessThan(100);
    expect(refusal("a\nb")).toBe("--since takes a date, not a\\nb");
  });
});
