/** The app's id: electron-builder's `appId`, and Windows' AppUserModelID (notifications, the taskbar). */
export const APP_ID = 'app.atelier.studio';
