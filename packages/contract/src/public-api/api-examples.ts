/**
 * The copy-paste examples of the "Using the API" page (en and zh show the same commands), kept
 * here so that the integration test runs the very text the page shows against a running server
 * (tests/integration/api-client-cli.test.ts). They read `VOXWORK_BASE_URL` and `VOXWORK_API_KEY`
 * from the shell, and `JOB_ID` where a job is meant.
 */
export const API_EXAMPLE_VOICE = 'espeak:espeak-ng/en-us+f3';

export const API_EXAMPLES = {
  env: `export VOXWORK_BASE_URL=https://your-voxwork-server\nexport VOXWORK_API_KEY=vx_live_…`,
  curl: {
    balance: `curl -s "$VOXWORK_BASE_URL/api/v1/account/balance" \\\n  -H "Authorization: Bearer $VOXWORK_API_KEY"`,
    createTts: `curl -s -X POST "$VOXWORK_BASE_URL/api/v1/tools/text-to-speech/jobs" \\\n  -H "Authorization: Bearer $VOXWORK_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -H "Idempotency-Key: order-1042-line-1" \\\n  -d '{"text": "Our new kettle boils water in ninety seconds.", "voiceKey": "${API_EXAMPLE_VOICE}", "format": "mp3"}'`,
    getJob: `curl -s "$VOXWORK_BASE_URL/api/v1/jobs/$JOB_ID" \\\n  -H "Authorization: Bearer $VOXWORK_API_KEY"`,
    download: `curl -s -o speech.mp3 "$VOXWORK_BASE_URL/api/v1/jobs/$JOB_ID/files/speech.mp3" \\\n  -H "Authorization: Bearer $VOXWORK_API_KEY"`,
    upload: `curl -s -X POST "$VOXWORK_BASE_URL/api/v1/uploads" \\\n  -H "Authorization: Bearer $VOXWORK_API_KEY" \\\n  -F "file=@interview.wav"`,
    voices: `curl -s "$VOXWORK_BASE_URL/api/v1/voices?language=en&pageSize=5" \\\n  -H "Authorization: Bearer $VOXWORK_API_KEY"`,
  },
  typescript: `import { createVoxworkClient } from '@voxwork/client';

const voxwork = createVoxworkClient({
  baseUrl: process.env.VOXWORK_BASE_URL!,
  apiKey: process.env.VOXWORK_API_KEY!,
});

const { job } = await voxwork.createJob(
  'text-to-speech',
  { text: 'Our new kettle boils water in ninety seconds.', voiceKey: '${API_EXAMPLE_VOICE}', format: 'mp3' },
  { idempotencyKey: 'order-1042-line-1' },
);
const done = await voxwork.waitForJob(job.id, { onProgress: (polled) => console.log(polled.status, polled.progress) });
if (done.status === 'completed') await voxwork.downloadResult(done.id, done.media[0]!.name, 'speech.mp3');`,
  cli: {
    tts: `npx voxwork tts --voice ${API_EXAMPLE_VOICE} --text-file script.txt --out speech.mp3`,
    wait: `npx voxwork jobs wait $JOB_ID --out result.mp3`,
    batch: `npx voxwork batch tts sheet.csv --concurrency 4`,
    sheet: `text,voice,filename\n"Our new kettle boils water in ninety seconds.",${API_EXAMPLE_VOICE},kettle\n"Free delivery on every order this week.",${API_EXAMPLE_VOICE},delivery`,
    voices: `npx voxwork voices --language en`,
    balance: `npx voxwork balance`,
  },
} as const;
