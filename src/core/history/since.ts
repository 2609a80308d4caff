// `history --since`: the date, read here and handed to git as a timestamp. git's own date
// parser reads anything as some date: month 13 or day 32 roll over, a year past 2099 or before
// 1970 is dropped and the rest read as a day of this year, `3000 years ago` becomes now. So the
// forms a user means are read strictly here (an ISO date, time and offset optional; `N units
// ago`), a date that does not exist is refused, and git is given the seconds since the epoch.
import { printable, cutText } from "../text/quote.ts";
import { usageError } from "../errors.ts";

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const AGO = /^(\d+)[ .]?(second|minute|hour|day|week|month|year)s?(?:[ .]ago)?$/;
const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86400, week: 604800 };
const HINT = "e.g. 2024-01-31, 2024-01-31T12:00, 2024-01-31T12:00Z or `6 months ago`";

/**
 * The --since value as seconds since the epoch (0 for anything before 1970: every commit).
 * A date without a time is the start of that day, without an offset local time (as git reads
 * it). `now` is milliseconds since the epoch.
 */
export function sinceSeconds(value: string, now: number = Date.now()): number {
  const s = value.trim();
  const shown = printable(cutText(value, 60));
  const ago = AGO.exec(s);
  if (ago) return Math.max(0, agoSeconds(Number(ago[1]), ago[2], now));
  const m = DATE.exec(s);
  if (!m) throw usageError(`--since takes a date, not ${shown}`, HINT);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((p) => (p === undefined ? 0 : Number(p)));
  const bad = (what: string) => usageError(`--since: no such date: ${shown} (${what})`, HINT);
  if (year < 1) throw bad("year 0000");
  if (month < 1 || month > 12) throw bad(`month ${m[2]}`);
  if (day < 1 || day > daysIn(year, month)) throw bad(`day ${m[3]}`);
  if (hour > 23) throw bad(`hour ${m[4]}`);
  if (minute > 59) throw bad(`minute ${m[5]}`);
  if (second > 59) throw bad(`second ${m[6]}`);
  let ms: number;
  if (m[7] === undefined) {
    const local = new Date(2000, 0, 1, hour, minute, second);
    local.setFullYear(year, month - 1, day); // not Date(y, ...): it reads 0-99 as 1900-1999
    ms = local.getTime();
  } else {
    const offset = m[7] === "Z" ? 0 : offsetMinutes(m[7]);
    if (offset === undefined) throw bad(`offset ${m[7]}`);
    const utc = new Date(Date.UTC(2000, 0, 1, hour, minute, second));
    utc.setUTCFullYear(year, month - 1, day);
    ms = utc.getTime() - offset * 60_000;
  }
  return Math.max(0, Math.floor(ms / 1000));
}

/** `N units ago`, months and years by the calendar (as git counts them); NaN past what a Date holds. */
function agoSeconds(n: number, unit: string, now: number): number {
  const fixed = UNIT_SECONDS[unit];
  if (fixed !== undefined) return Math.floor(now / 1000) - n * fixed;
  const d = new Date(now);
  if (unit === "month") d.setMonth(d.getMonth() - n);
  else d.setFullYear(d.getFullYear() - n);
  const t = d.getTime();
  return Number.isNaN(t) ? 0 : Math.floor(t / 1000);
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `+05:30` / `-0800` in minutes east of UTC; undefined past ±14:00 or a minute past 59. */
function offsetMinutes(text: string): number | undefined {
  const digits = text.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (minutes > 59 || hours * 60 + minutes > 14 * 60) return undefined;
  return (text[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
}
