// The signed-in frame's chunk: app/shell-parts.ts loads each part lazily from here.
export { AntdFrame } from './antd-frame';
export { SessionShell } from './session-shell';
export { GuardedScreen, GroupRedirect } from './guarded-screen';
export { HeaderLayout } from '../layout/header-layout';
