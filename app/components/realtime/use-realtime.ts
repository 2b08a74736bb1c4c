// The signed-in page's realtime connection (spec §4 "Connection", "Presence", §8, §9): one WebSocket to
// /realtime, reconnecting 5 times at 2000 ms x attempt, offline/online aware, away while the page is hidden,
// a ping every second for the latency figures, and the user's notifications kept in step with the server.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  announcementText,
  ANNOUNCEMENT,
  REALTIME_PATH,
  type ClientMessage,
  type ConnectionState,
  type PresenceStatus,
  type NotificationView,
  type PresenceEntry,
  type ServerMessage,
} from "~/lib/realtime";
import { isHighLatency, LatencyMeter, Reconnection, startMetrics } from "~/lib/realtime-connection";
import { fetchNotifications, sendNotificationChange } from "~/lib/notifications-client";
import { DuplicateEventCache } from "~/lib/dedupe-cache";
import { notifyActivity } from "~/components/site/toast-host";
import { isOffline, queueOperations, type NewOperation } from "~/lib/offline-queue";
import { replayOfflineChanges } from "./offline-queue";

export type ChosenStatus = "online" | "busy";
/** Where the chosen status is kept, so it survives a reload and applies in every tab. */
const STATUS_KEY = "atelier.presence-status";

/** Where the status note is kept (spec §3 presence "optional metadata"), like the status. */
const NOTE_KEY = "atelier.presence-note";
export const PRESENCE_NOTE_MAX = 80;

function storedNote(): string {
  try {
    return (localStorage.getItem(NOTE_KEY) ?? "").slice(0, PRESENCE_NOTE_MAX);
  } catch {
    return "";
  }
}

function storedStatus(): ChosenStatus {
  try {
    return localStorage.getItem(STATUS_KEY) === "busy" ? "busy" : "online";
  } catch {
    return "online";
  }
}

export interface Realtime {
  state: ConnectionState;
  attempts: number;
  latency: number | null;
  highLatency: boolean;
  /** Who is online as far as this person may know: everyone for an administrator, else only themselves. */
  users: PresenceEntry[];
  /** How many people are online in all. */
  onlineCount: number;
  notifications: NotificationView[];
  /** What this person chose to show when their page is in front: online, or busy (do not disturb). */
  chosenStatus: ChosenStatus;
  setChosenStatus: (status: ChosenStatus) => void;
  /** A short note shown beside this person's name to the studio (presence metadata), "" for none. */
  note: string;
  setNote: (note: string) => void;
  reconnect: () => void;
  markRead: (id: string) => void;
  markAllRead: () => void;
  remove: (id: string) => void;
}

const readOperation = (id: string): NewOperation => ({
  type: "update",
  table: "notifications",
  data: { id, read_at: new Date().toISOString() },
});

/** Closes a socket for good. One still connecting is left to open and then closed (closing it earlier makes
 * the browser log an error). */
function dispose(ws: WebSocket | null) {
  if (!ws) return;
  ws.onclose = null;
  ws.onmessage = null;
  if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close();
  else ws.close();
}

export function useRealtime(): Realtime {
  const [state, setState] = useState<ConnectionState>("connecting");
  const [attempts, setAttempts] = useState(0);
  const [latency, setLatency] = useState<number | null>(null);
  const [users, setUsers] = useState<PresenceEntry[]>([]);
  const [onlineCount, setOnlineCount] = useState(0);
  const [notifications, setNotifications] = useState<NotificationView[]>([]);
  const socket = useRef<WebSocket | null>(null);
  const connectRef = useRef<() => void>(() => {});
  const [chosenStatus, setChosen] = useState<ChosenStatus>("online");
  const chosen = useRef<ChosenStatus>("online");
  const [note, setNoteState] = useState("");
  const noteRef = useRef("");
  const sendChosen = useRef<() => void>(() => {});

  /** The user's notifications; resolves whether the session still holds (false once signed out). */
  const loadNotifications = useCallback(
    (): Promise<boolean> =>
      // Spec §8: a notification fetch failure is logged only (by fetchNotifications).
      fetchNotifications().then((body) => {
        if (!body) return true;
        setNotifications(body.notifications);
        return body.signedIn;
      }),
    [],
  );

  useEffect(() => {
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const reconnection = new Reconnection({ state: setState, attempts: setAttempts });
    const meter = new LatencyMeter();
    const seen = new DuplicateEventCache();

    const onMessage = (event: MessageEvent<string>) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      switch (message.t) {
        case "pong":
          meter.pong(message.id, performance.now());
          return;
        case "presence":
          setUsers(message.users);
          setOnlineCount(message.count);
          return;
        case "notification":
          if (!seen.firstSeen(message.eventId)) return;
          setNotifications((list) => {
            if (message.event === "insert" && message.notification)
              return [message.notification, ...list.filter((n) => n.id !== message.notification!.id)].slice(0, 50);
            if (message.event === "update" && message.notification)
              return list.map((n) => (n.id === message.notification!.id ? message.notification! : n));
            if (message.event === "delete") return list.filter((n) => n.id !== message.id);
            if (message.event === "read-all") {
              const now = new Date().toISOString();
              return list.map((n) => (n.readAt ? n : { ...n, readAt: now }));
            }
            return list;
          });
          return;
        case "broadcast":
          // The studio's announcement (the dashboard's "Message to everyone online"), shown once per tab.
          if (!seen.firstSeen(message.message.id)) return;
          {
            const text = message.message.type === ANNOUNCEMENT ? announcementText(message.message.payload) : undefined;
            if (text) notifyActivity((t, options) => t.info(text, { ...options, description: "From the studio" }));
          }
          return;
        default:
          return;
      }
    };

    function connect() {
      clearTimeout(retry);
      if (stopped) return;
      if (!navigator.onLine) {
        setState("disconnected");
        return;
      }
      setState("connecting");
      const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${REALTIME_PATH}`;
      const ws = new WebSocket(url);
      socket.current = ws;
      // The socket is subscribed once the server's first message comes (a socket the server refuses, full or over
      // a limit, opens and is closed without one): only then is it connected and do the attempts start again, so
      // a refused page backs off instead of retrying at the first step forever.
      let joined = false;
      const onJoined = () => {
        reconnection.opened();
        const status = document.visibilityState === "hidden" ? "away" : chosen.current;
        if (status !== "online" || noteRef.current) ws.send(presenceMessage(status));
        // Changes made offline land first (spec §7 queued writes, replayed on reconnect); then the list as it
        // is now (also whatever arrived while the page was not connected).
        void replayOfflineChanges().finally(() => void loadNotifications());
      };
      ws.onmessage = (event: MessageEvent<string>) => {
        if (!joined) {
          joined = true;
          onJoined();
        }
        onMessage(event);
      };
      ws.onerror = () => {
        // onclose follows and decides what to do next.
      };
      ws.onclose = (event) => {
        if (socket.current !== ws) return;
        socket.current = null;
        if (stopped) return;
        // Signed out, over the limits or offline: no retry; else the error state and a retry, or giving up.
        const delay = reconnection.closed(event.code, navigator.onLine);
        if (delay !== null) retry = setTimeout(connect, delay);
      };
    }
    connectRef.current = () => {
      reconnection.reset();
      dispose(socket.current);
      socket.current = null;
      connect();
    };

    const onOffline = () => {
      setState("disconnected");
      dispose(socket.current);
      socket.current = null;
    };
    const onOnline = () => connectRef.current();
    const onVisibility = () => {
      const status = document.visibilityState === "hidden" ? "away" : chosen.current;
      if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(presenceMessage(status));
    };
    // A status chosen in another tab applies here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STATUS_KEY && event.key !== NOTE_KEY) return;
      chosen.current = storedStatus();
      setChosen(chosen.current);
      noteRef.current = storedNote();
      setNoteState(noteRef.current);
      onVisibility();
    };
    /** What this tab shows of its person: the status, and the note as metadata (empty: none). */
    function presenceMessage(status: PresenceStatus): string {
      return JSON.stringify({
        t: "presence",
        status,
        metadata: noteRef.current ? { note: noteRef.current } : {},
      } satisfies ClientMessage);
    }
    sendChosen.current = onVisibility;

    chosen.current = storedStatus();
    setChosen(chosen.current);
    noteRef.current = storedNote();
    setNoteState(noteRef.current);
    connect();
    const stopMetrics = startMetrics(
      meter,
      () => (socket.current?.readyState === WebSocket.OPEN ? socket.current : null),
      setLatency,
    );
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("storage", onStorage);
      stopped = true;
      clearTimeout(retry);
      stopMetrics();
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisibility);
      dispose(socket.current);
      socket.current = null;
    };
  }, [loadNotifications]);

  // Optimistic changes; on failure the server's list is fetched again (spec §4 "Optimistic update"). Offline,
  // they wait in the offline queue and land when the socket reconnects.
  const change = useCallback(
    (
      apply: (list: NotificationView[]) => NotificationView[],
      body: Record<string, string>,
      offline: NewOperation[],
    ) => {
      if (isOffline()) {
        try {
          queueOperations(offline);
          setNotifications(apply);
        } catch (error) {
          console.warn("Failed to keep a notification change for later", error);
        }
        return;
      }
      setNotifications(apply);
      void sendNotificationChange(body, loadNotifications);
    },
    [loadNotifications],
  );

  return {
    state,
    attempts,
    latency,
    highLatency: isHighLatency(latency),
    users,
    onlineCount,
    notifications,
    chosenStatus,
    setChosenStatus: (status) => {
      chosen.current = status;
      setChosen(status);
      try {
        localStorage.setItem(STATUS_KEY, status);
      } catch {
        // Private mode: this tab still shows it.
      }
      sendChosen.current();
    },
    note,
    setNote: (next) => {
      const value = next.trim().slice(0, PRESENCE_NOTE_MAX);
      noteRef.current = value;
      setNoteState(value);
      try {
        if (value) localStorage.setItem(NOTE_KEY, value);
        else localStorage.removeItem(NOTE_KEY);
      } catch {
        // Private mode: this tab still shares it.
      }
      sendChosen.current();
    },
    reconnect: () => connectRef.current(),
    markRead: (id) =>
      change(
        (list) => list.map((n) => (n.id === id ? { ...n, readAt: new Date().toISOString() } : n)),
        { intent: "read", id },
        [readOperation(id)],
      ),
    markAllRead: () =>
      change(
        (list) => list.map((n) => (n.readAt ? n : { ...n, readAt: new Date().toISOString() })),
        { intent: "read-all" },
        notifications.filter((n) => !n.readAt).map((n) => readOperation(n.id)),
      ),
    remove: (id) =>
      change((list) => list.filter((n) => n.id !== id), { intent: "delete", id }, [
        { type: "delete", table: "notifications", data: { id } },
      ]),
  };
}
