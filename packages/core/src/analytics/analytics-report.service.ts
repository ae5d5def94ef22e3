import type { AnalyticsReport } from '@voxwork/contract';
import type { EventRepository } from '@voxwork/db';

/** Until accounts record their own sign-ups, a sign-up is a `sign_up` event. */
export const SIGN_UP_EVENT = 'sign_up';
const TOP = 10;

/** The operator's view of the events table: the last `days` UTC days, today included. */
export function createAnalyticsReportService({ events, now = () => new Date() }: { events: Pick<EventRepository, 'dailyCounts' | 'countBy'>; now?: () => Date }) {
  return {
    async report(days: number): Promise<AnalyticsReport> {
      const today = now();
      const since = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1)));
      const [visits, signUps, topPages, trafficSources, languages, countries] = await Promise.all([
        events.dailyCounts('page_visit', since),
        events.dailyCounts(SIGN_UP_EVENT, since),
        events.countBy('path', 'page_visit', since, TOP),
        events.countBy('trafficSource', 'page_visit', since, TOP, { landingOnly: true }),
        events.countBy('language', 'page_visit', since, TOP),
        events.countBy('country', 'page_visit', since, TOP),
      ]);
      const daily = Array.from({ length: days }, (_, index) => {
        const day = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10);
        const visit = visits.find((row) => row.day === day);
        return { day, pageVisits: visit?.events ?? 0, visitors: visit?.visitors ?? 0, signUps: signUps.find((row) => row.day === day)?.events ?? 0 };
      });
      return { since: since.toISOString().slice(0, 10), days, daily, topPages, trafficSources, languages, countries };
    },
  };
}

export type AnalyticsReportService = ReturnType<typeof createAnalyticsReportService>;
