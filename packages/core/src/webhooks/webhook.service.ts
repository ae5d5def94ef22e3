import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  jobErrorView,
  toolOfJob,
  WEBHOOK_ENDPOINTS_PER_USER,
  WEBHOOK_LOG_SIZE,
  type JobType,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEvent,
  type WebhookEventType,
} from '@voxwork/contract';
import type { ClaimedWebhookDelivery, JobRow, JobTransaction, WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow, WebhookRepository } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import { generateWebhookSecret, webhookSignatureHeader } from './webhook-signature.ts';

/**
 * How deliveries reach the network (the server's adapter): `check` refuses a URL whose host
 * does not resolve (WEBHOOK_URL_UNRESOLVABLE) or resolves to an address the operator does not
 * allow (WEBHOOK_URL_FORBIDDEN); `post` does the same check and sends to the checked address.
 */
export interface WebhookTransport {
  check(url: string): Promise<void>;
  /** The receiver's HTTP status; rejects with an Error whose message says why no answer came. */
  post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }>;
}

export interface WebhookServiceDeps {
  webhooks: WebhookRepository;
  transport: WebhookTransport;
  /** Base of the file links in `job.succeeded` (`PUBLIC_URL`). */
  publicUrl: string;
  /** Back-off: `baseSeconds · 2^(attempt−1)`, at most `maxSeconds`; given up `giveUpHours` after the event. */
  retry: { baseSeconds: number; maxSeconds: number; giveUpHours: number };
  /** How long a worker holds a delivery it is sending (longer than the request's timeout). */
  leaseSeconds: number;
  /** `points.low` fires when a charge takes the points balance from at least this to below it. */
  pointsLowThreshold: number;
  onError?: (error: unknown, deliveryId: string) => void;
  now?: () => Date;
}

/** The language of the words in a webhook's payload (a receiver translates `code` with `params` from the catalogue if it wants another). */
const WEBHOOK_LOCALE = 'en';

/** What ended a job, as the job service reports it from inside the transaction that ended it. */
export interface JobEnded {
  job: JobRow;
  /** A cancelled job sends no job event (its owner cancelled it); tools watching ends still hear of it. */
  outcome: 'succeeded' | 'failed' | 'cancelled';
  /** Points the end charged (0 when it failed). */
  charged: number;
}

export function webhookEndpointView(row: WebhookEndpointRow): WebhookEndpointView {
  return { id: row.id, url: row.url, events: row.events as WebhookEvent[], enabled: row.enabled, createdAt: row.createdAt.toISOString() };
}

export function webhookDeliveryView(row: WebhookDeliveryRow, attempts: readonly WebhookAttemptRow[]): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    attemptLog: attempts.map((attempt) => ({
      number: attempt.number,
      at: attempt.startedAt.toISOString(),
      durationMs: attempt.durationMs,
      responseStatus: attempt.responseStatus,
      error: attempt.error,
    })),
  };
}

const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/**
 * Webhooks (issue 19, decision 038): endpoints with a signing secret, events written as delivery
 * rows in the transaction that ends a job (so none is lost when the process dies), and a worker
 * loop that sends due deliveries, signs them, logs every attempt and retries with exponential
 * back-off for a day.
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { webhooks } = deps;

  const ownedEndpoint = async (ownerId: string, id: string) => {
    const row = await webhooks.findEndpoint(id, ownerId);
    if (!row) throw new DomainError(ErrorCode.WEBHOOK_NOT_FOUND);
    return row;
  };

  /** When the attempt after `attempts` failed ones is due; null when that is past the give-up time. */
  function nextAttemptAfter(delivery: WebhookDeliveryRow, attempts: number, at: Date): Date | null {
    const delaySeconds = Math.min(deps.retry.maxSeconds, deps.retry.baseSeconds * 2 ** Math.max(0, attempts - 1));
    const next = new Date(at.getTime() + delaySeconds * 1000);
    return next.getTime() > delivery.createdAt.getTime() + deps.retry.giveUpHours * 3600_000 ? null : next;
  }

  /** One attempt at a claimed delivery, logged; `manual` (send again, test) never gives up a delivery or revives a finished one on failure. */
  async function attempt(delivery: ClaimedWebhookDelivery, manual = false): Promise<WebhookDeliveryRow> {
    const startedAt = now();
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const body = JSON.stringify({ id: delivery.eventId, type: delivery.type, created: Math.floor(delivery.createdAt.getTime() / 1000), data: delivery.payload });
    let responseStatus: number | null = null;
    let error: string | null = null;
    const clock = performance.now();
    try {
      responseStatus = (
        await deps.transport.post(delivery.url, body, {
          'content-type': 'application/json',
          'user-agent': 'Voxwork-Webhooks/1',
          'voxwork-signature': webhookSignatureHeader(delivery.secret, timestamp, body),
          'voxwork-event': delivery.type,
          'voxwork-delivery': delivery.id,
        })
      ).status;
    } catch (failure) {
      error = failure instanceof DomainError ? `${failure.name}: ${failure.code}` : failure instanceof Error ? failure.message : String(failure);
      error = error.slice(0, 500);
    }
    const durationMs = Math.round(performance.now() - clock);
    const ok = responseStatus !== null && responseStatus >= 200 && responseStatus < 300;
    const at = now();
    let next: { status: WebhookDeliveryRow['status']; nextAttemptAt: Date; finishedAt: Date | null };
    if (ok) next = { status: 'delivered', nextAttemptAt: at, finishedAt: at };
    else if (manual && delivery.status !== 'pending') next = { status: delivery.status, nextAttemptAt: at, finishedAt: delivery.finishedAt };
    else {
      const retryAt = nextAttemptAfter(delivery, delivery.attempts + 1, at);
      next = retryAt ? { status: 'pending', nextAttemptAt: retryAt, finishedAt: null } : { status: 'failed', nextAttemptAt: at, finishedAt: at };
    }
    return webhooks.recordAttempt({ deliveryId: delivery.id, startedAt, durationMs, responseStatus, error }, next);
  }

  async function viewOf(ownerId: string, delivery: WebhookDeliveryRow): Promise<WebhookDeliveryView> {
    const listed = await webhooks.listDeliveries(delivery.endpointId, ownerId, WEBHOOK_LOG_SIZE);
    const found = listed.find((row) => row.id === delivery.id);
    return webhookDeliveryView(delivery, found?.attemptLog ?? []);
  }

  /** Claims one delivery now and attempts it (send again, test event). */
  async function attemptNow(ownerId: string, deliveryId: string): Promise<WebhookDeliveryView> {
    const lease = new Date(now().getTime() + deps.leaseSeconds * 1000);
    if (!(await webhooks.findDelivery(deliveryId, ownerId))) throw new DomainError(ErrorCode.WEBHOOK_NOT_FOUND);
    const claimed = await webhooks.claimOne(deliveryId, ownerId, lease);
    // Held by a worker sending it right now.
    if (!claimed) throw new DomainError(ErrorCode.WEBHOOK_DELIVERY_BUSY);
    return viewOf(ownerId, await attempt(claimed, true));
  }

  function jobData(job: JobRow, outcome: JobEnded['outcome'], charged: number): Record<string, unknown> {
    const files = outcome === 'succeeded' && Array.isArray(job.output?.media) ? (job.output.media as Array<{ name: string; role?: string; contentType?: string; bytes?: number; durationSeconds?: number }>) : [];
    return {
      job: {
        id: job.id,
        tool: toolOfJob(job.type as JobType),
        type: job.type,
        title: job.title,
        status: outcome,
        createdAt: job.createdAt.toISOString(),
        finishedAt: job.finishedAt?.toISOString() ?? null,
        cost: { frozen: job.costFrozen, charged },
        files: files.map((file) => ({
          name: file.name,
          role: file.role ?? null,
          contentType: file.contentType ?? null,
          bytes: file.bytes ?? null,
          ...(file.durationSeconds === undefined ? {} : { durationSeconds: file.durationSeconds }),
          url: `${deps.publicUrl}/api/v1/jobs/${job.id}/files/${encodeURIComponent(file.name)}`,
        })),
        // The catalogue code and params, and the message in English: accounts keep no language of their own.
        error: outcome === 'failed' && job.error ? jobErrorView(job.error, WEBHOOK_LOCALE) : null,
      },
    };
  }

  async function enqueueIn(tx: Pick<JobTransaction, 'webhooks'>, ownerId: string, type: WebhookEvent, data: Record<string, unknown>): Promise<number> {
    const endpoints = await tx.webhooks.subscribers(ownerId, type);
    if (!endpoints.length) return 0;
    const eventId = newEventId();
    const rows = await tx.webhooks.insertDeliveries(endpoints.map((endpoint) => ({ endpointId: endpoint.id, ownerId, eventId, type, payload: data })));
    return rows.length;
  }

  return {
    async list(ownerId: string): Promise<WebhookEndpointView[]> {
      return (await webhooks.listEndpoints(ownerId)).map(webhookEndpointView);
    },

    /** Adds an endpoint after checking its host may be reached; the answer holds the secret, shown this once. */
    async create(ownerId: string, request: { url: string; events: readonly WebhookEvent[] }): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
      if ((await webhooks.countEndpoints(ownerId)) >= WEBHOOK_ENDPOINTS_PER_USER) throw new DomainError(ErrorCode.WEBHOOK_LIMIT, { limit: WEBHOOK_ENDPOINTS_PER_USER });
      await deps.transport.check(request.url);
      const secret = generateWebhookSecret();
      const row = await webhooks.insertEndpoint({ ownerId, url: request.url, events: [...new Set(request.events)], secret });
      return { endpoint: webhookEndpointView(row), secret };
    },

    async setEnabled(ownerId: string, id: string, enabled: boolean): Promise<WebhookEndpointView> {
      const row = await webhooks.setEnabled(id, ownerId, enabled);
      if (!row) throw new DomainError(ErrorCode.WEBHOOK_NOT_FOUND);
      return webhookEndpointView(row);
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await webhooks.deleteEndpoint(id, ownerId))) throw new DomainError(ErrorCode.WEBHOOK_NOT_FOUND);
    },

    async deliveries(ownerId: string, endpointId: string): Promise<WebhookDeliveryView[]> {
      await ownedEndpoint(ownerId, endpointId);
      return (await webhooks.listDeliveries(endpointId, ownerId, WEBHOOK_LOG_SIZE)).map((row) => webhookDeliveryView(row, row.attemptLog));
    },

    /** "Send again": one more attempt now, logged with the others. */
    async redeliver(ownerId: string, deliveryId: string): Promise<WebhookDeliveryView> {
      return attemptNow(ownerId, deliveryId);
    },

    /** "Send test event": a `test` delivery to this endpoint (enabled or not), attempted now. */
    async sendTest(ownerId: string, endpointId: string): Promise<WebhookDeliveryView> {
      const endpoint = await ownedEndpoint(ownerId, endpointId);
      const type: WebhookEventType = 'test';
      const [row] = await webhooks.insertDeliveries([
        {
          endpointId,
          ownerId,
          eventId: newEventId(),
          type,
          nextAttemptAt: new Date(now().getTime() + deps.leaseSeconds * 1000),
          // Not due for the worker: this request makes the first attempt (a failed one is retried like any other).
          payload: { message: 'A test event from Voxwork: your endpoint is reachable and can check the signature.', endpoint: { id: endpoint.id, url: endpoint.url } },
        },
      ]);
      return attemptNow(ownerId, row!.id);
    },

    /**
     * Writes the deliveries a job's end causes, inside the transaction that ends it (called by the
     * job service): `job.succeeded` / `job.failed`, and `points.low` when this charge took the
     * owner's points from at least the threshold to below it (once per crossing, no state kept).
     */
    async jobEndedIn(tx: Pick<JobTransaction, 'webhooks' | 'points'>, ended: JobEnded): Promise<void> {
      const { job, outcome, charged } = ended;
      if (!job.ownerId || outcome === 'cancelled') return;
      await enqueueIn(tx, job.ownerId, outcome === 'succeeded' ? 'job.succeeded' : 'job.failed', jobData(job, outcome, charged));
      if (charged <= 0) return;
      const account = await tx.points.findAccount(job.ownerId);
      if (!account) return;
      const after = account.availablePoint + account.freezePoint;
      if (after < deps.pointsLowThreshold && after + charged >= deps.pointsLowThreshold) {
        await enqueueIn(tx, job.ownerId, 'points.low', {
          points: { available: account.availablePoint, frozen: account.freezePoint, total: after, threshold: deps.pointsLowThreshold },
          job: { id: job.id, charged },
        });
      }
    },

    /** Writes an event for an owner's endpoints that subscribe to it, inside the caller's transaction (a series episode's end). */
    async eventIn(tx: Pick<JobTransaction, 'webhooks'>, ownerId: string, type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
      await enqueueIn(tx, ownerId, type, data);
    },

    /** Sends the deliveries due now (up to `limit`, in parallel); returns how many were attempted. */
    async deliverDue(limit = 10): Promise<number> {
      const at = now();
      const claimed = await webhooks.claimDue(at, limit, new Date(at.getTime() + deps.leaseSeconds * 1000));
      await Promise.all(
        claimed.map((delivery) =>
          attempt(delivery).catch((error: unknown) => {
            // The attempt could not be recorded (database gone): its lease ends and it is sent again.
            deps.onError?.(error, delivery.id);
          }),
        ),
      );
      return claimed.length;
    },

    /** Forgets deliveries (and their attempts) that ended more than `WEBHOOK_LOG_DAYS` ago; the log keeps a month. Run by the worker's sweeper. */
    async sweepDeliveries(): Promise<number> {
      return webhooks.deleteFinishedBefore(new Date(now().getTime() - WEBHOOK_LOG_DAYS * 86_400_000));
    },
  };
}

/** How long ended deliveries stay in the log. */
export const WEBHOOK_LOG_DAYS = 30;

export type WebhookService = ReturnType<typeof createWebhookService>;
