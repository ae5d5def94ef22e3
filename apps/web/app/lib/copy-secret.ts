import { toast } from "../components/ui/sonner";

/**
 * Copies a secret shown once (an API key, a webhook signing secret) and says so; where the
 * clipboard is refused, selects the text in its field (`inputId`) so it can be copied by hand.
 */
export async function copySecret(secret: string, inputId: string, messages: { copied: string; copyFailed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(secret);
    toast.success(messages.copied);
  } catch {
    (document.getElementById(inputId) as HTMLInputElement | null)?.select();
    toast.error(messages.copyFailed);
  }
}
