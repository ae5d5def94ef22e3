import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { signPath } from '@voxwork/contract';

/** Mail written to DATA_DIR/outbox by the development mailer, for one recipient. */
export async function readOutbox(dataDir: string, to: string): Promise<{ subject: string; link: string; text: string }[]> {
  const folder = path.join(dataDir, 'outbox');
  const files = (await readdir(folder).catch(() => [])).sort();
  const mails = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(folder, file), 'utf8')) as { to: string; subject: string; link: string; text: string }));
  return mails.filter((mail) => mail.to === to);
}

/** Signs up (named `name`, else the address's local part), follows the mailed verification link and signs in; returns the session token and user id. */
export async function createVerifiedUser(base: string, dataDir: string, email: string, password = 'a good password 1', name = email.split('@')[0]) {
  const post = (pathName: string, body: unknown) =>
    fetch(`${base}/api/auth${pathName}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
  const signUp = await post('/sign-up/email', { email, password, name });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const [mail] = await readOutbox(dataDir, email);
  if (!mail) throw new Error('no verification mail');
  await fetch(mail.link, { redirect: 'manual' });
  const signIn = await post('/sign-in/email', { email, password });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const body = (await signIn.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

/** A signed business call with the user's token, as the browser client makes it. */
export async function signedCall(base: string, secret: string, pathName: string, body: unknown, headers: Record<string, string> = {}) {
  const timestamp = Date.now();
  const response = await fetch(`${base}${pathName}?timestamp=${timestamp}&signature=${signPath(pathName, secret, timestamp)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', channel: '100', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; message: string; data: Record<string, unknown> | null };
}
