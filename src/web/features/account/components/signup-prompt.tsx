import { Link } from 'wouter';
import { Button } from '#web/components/ui/button';
import { Sheet } from '#web/components/ui/sheet';
import { routePaths } from '#web/lib/paths';

export interface SignupPromptProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Offered once to a guest after the first saved idea (docs/product.md, Prompts and banners). */
export function SignupPrompt({ open, onOpenChange }: SignupPromptProps) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Keep your ideas safe"
      description="Your first idea is saved on this device. Create a free account to keep it, and every idea after it, with you wherever you sign in."
      placement="center"
      testId="signup-prompt"
    >
      <div className="flex flex-col-reverse gap-3 pb-2 sm:grid sm:grid-cols-2">
        <Button onClick={() => onOpenChange(false)}>Not Now</Button>
        <Link
          href={routePaths.signup}
          onClick={() => onOpenChange(false)}
          className="focus-ring inline-flex min-h-11 items-center justify-center rounded-xl bg-zinc-900 px-4 font-medium text-white hover:bg-zinc-700 dark:bg-zinc-50 dark:text-zinc-900 dark:hover:bg-zinc-200"
        >
          Create Account
        </Link>
      </div>
    </Sheet>
  );
}
