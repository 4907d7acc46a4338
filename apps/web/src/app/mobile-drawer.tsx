import * as Dialog from '@radix-ui/react-dialog';
import type { UserInfo } from '@vault/contract/schemas/user';
import { Logo } from '@vault/ui/logo';
import { ProfilePictureButton } from '../features/account/profile-picture-button';
import { MenuIcon } from './menu-icons';
import { SideMenu } from './side-menu';

type Props = { user: UserInfo; open: boolean; onOpenChange: (open: boolean) => void; onLogout: () => void };

/** Below the desktop breakpoint the side menu slides in from the left, with the picture upload on top. */
export function MobileDrawer({ user, open, onOpenChange, onLogout }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger
        aria-label="Open menu"
        className="grid size-10 place-items-center rounded-lg text-ink hover:bg-sunken lg:hidden"
      >
        <MenuIcon name="menu" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/60 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] flex-col gap-6 overflow-y-auto bg-navy-900 p-4 shadow-2xl lg:hidden">
          <div className="flex items-center justify-between">
            <Logo to="/cryptocurrency" />
            <Dialog.Close aria-label="Close menu" className="rounded-full p-2 text-on-dark-muted hover:bg-white/10">
              <span aria-hidden="true">✕</span>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Description className="sr-only">Main menu and your profile picture</Dialog.Description>
          <div className="flex items-center gap-3 rounded-xl bg-white/5 p-3">
            <ProfilePictureButton user={user} size="lg" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-semibold text-on-dark">{user.name}</p>
              <p className="truncate text-on-dark-subtle">{user.email}</p>
              <p className="text-xs text-on-dark-subtle">Tap the picture to change it</p>
            </div>
          </div>
          <SideMenu
            onNavigate={() => onOpenChange(false)}
            onLogout={() => {
              onOpenChange(false);
              onLogout();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
