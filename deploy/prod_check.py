"""`make prod-check`: start deploy/ as production runs it, on this machine, and use it (issue 31.5).

What is started is read from the files an operator installs, not written again here: the
commands and environments of deploy/systemd/*.service (paths, `%i` and `%H` filled in), the
variables of deploy/drv.env.example, deploy/gunicorn.conf.py and the nginx site
deploy/nginx/drv.conf (ports, paths and a test certificate put in; each replacement must hit,
so the files and this check cannot drift apart). Then, through nginx over TLS:

1. two app servers (drv-web@), a Celery worker (drv-worker@) and beat (drv-beat) on PostgreSQL
   and Redis are ready (`/readyz`, `config.celery_health`); a second beat only waits;
2. a round is played: the desk enters every table's sheet, the director confirms them and
   publishes, while 24 screens poll the public pages (live polls answered 304);
3. one app server is killed mid-rush: the screens see at most the requests in flight fail, its
   `/readyz` fails, nginx answers everything after it from the other;
4. `/metrics` shows the rush, the worker warmed the published pages, the app servers' logs are
   JSON lines with nginx's request ids;

and everything it started is stopped. Needs PostgreSQL, Redis and nginx (the make target
installs Debian's nginx-light when run as root). Exit status 0 when every check held.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent
DATABASE_URL = os.environ.get(
    "PROD_CHECK_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/drv_prodcheck"
)
REDIS_URL = os.environ.get("PROD_CHECK_REDIS_URL", "redis://127.0.0.1:6379/10")
SCREENS = 24
HOST = "127.0.0.1"


class CheckFailed(Exception):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)
    print(f"   ok  {message}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def replace(text: str, old: str, new: str, *, where: str) -> str:
    """One substitution into an operator's file; it must hit, or the file changed under us."""
    if old not in text:
        raise CheckFailed(f"{where}: {old!r} not found (deploy/ and prod_check.py disagree)")
    return text.replace(old, new)


# --- the files of deploy/


def env_file() -> dict[str, str]:
    values = {}
    for line in (DEPLOY / "drv.env.example").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key] = value
    return values


def unit(name: str) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for line in (DEPLOY / "systemd" / name).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("#", ";", "[")):
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


class Stack:
    """The processes started and the folder they live in; stopped in reverse order."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.processes: dict[str, subprocess.Popen] = {}
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))},
            **env_file(),
        }

    def place(self, text: str, instance: str) -> str:
        """systemd's specifiers and the operator's paths, for this machine."""
        text = text.replace("%i", instance).replace("%H", socket.gethostname())
        text = text.replace("/srv/drv/.venv/bin/", f"{BIN}/")
        text = text.replace("/run/", f"{self.folder}/run/").replace(
            "/var/lib/", f"{self.folder}/lib/"
        )
        return text.replace("/srv/drv", str(ROOT))

    def start_unit(
        self, name: str, instance: str = "", extra_env: dict | None = None, label: str = ""
    ) -> str:
        values = unit(name)
        env = dict(self.env)
        for item in values.get("Environment", []):
            key, _, value = item.partition("=")
            env[key] = self.place(value, instance)
        env.update(extra_env or {})
        for directory in values.get("RuntimeDirectory", []):  # empty at every start
            path = self.folder / "run" / self.place(directory, instance)
            shutil.rmtree(path, ignore_errors=True)
            path.mkdir(parents=True)
        for directory in values.get("StateDirectory", []):  # kept
            (self.folder / "lib" / self.place(directory, instance)).mkdir(
                parents=True, exist_ok=True
            )
        command = shlex.split(self.place(values["ExecStart"][0], instance))
        cwd = self.place(values["WorkingDirectory"][0], instance)
        label = label or name.replace("@.service", f"@{instance}").replace(".service", "")
        log = (self.folder / f"{label}.log").open("w")
        self.processes[label] = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        return label

    def log(self, label: str) -> str:
        return (self.folder / f"{label}.log").read_text(errors="replace")

    def kill(self, label: str, sig: int = signal.SIGKILL) -> None:
        process = self.processes[label]
        if process.poll() is None:
            with _quiet():
                os.killpg(process.pid, sig)
        process.wait(timeout=60)

    def stop_all(self) -> None:
        for label in reversed(list(self.processes)):
            process = self.processes[label]
            if process.poll() is None:
                with _quiet():
                    os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with _quiet():
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()


class _quiet:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        return kind is not None and issubclass(kind, ProcessLookupError)


def manage(stack: Stack, *args: str) -> str:
    done = subprocess.run(
        [str(BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=stack.env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode:
        raise CheckFailed(f"manage.py {' '.join(args)}:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def nginx_site(stack: Stack, *, ports: list[int], http: int, https: int) -> Path:
    where = "deploy/nginx/drv.conf"
    site = (DEPLOY / "nginx" / "drv.conf").read_text()
    site = replace(site, "127.0.0.1:8001", f"{HOST}:{ports[0]}", where=where)
    site = replace(site, "127.0.0.1:8002", f"{HOST}:{ports[1]}", where=where)
    site = replace(site, "listen 80;", f"listen {HOST}:{http};", where=where)
    site = replace(site, "listen 443 ssl http2;", f"listen {HOST}:{https} ssl http2;", where=where)
    site = replace(site, "listen [::]:80;", "", where=where)
    site = replace(site, "listen [::]:443 ssl http2;", "", where=where)
    cert = stack.folder / "tls"
    site = replace(
        site,
        "/etc/letsencrypt/live/turniere.example.org/fullchain.pem",
        f"{cert}/cert.pem",
        where=where,
    )
    site = replace(
        site,
        "/etc/letsencrypt/live/turniere.example.org/privkey.pem",
        f"{cert}/key.pem",
        where=where,
    )
    site = replace(site, "/srv/drv/staticfiles/", f"{stack.folder}/static/", where=where)
    site = replace(site, "server_name turniere.example.org;", f"server_name {HOST};", where=where)
    (stack.folder / "site.conf").write_text(site)
    temp = stack.folder / "nginx-temp"
    temp.mkdir()
    main = f"""
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 2;
daemon off;
pid {stack.folder}/nginx.pid;
error_log {stack.folder}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {stack.folder}/nginx-access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {stack.folder}/site.conf;
}}
"""
    (stack.folder / "nginx.conf").write_text(main)
    return stack.folder / "nginx.conf"


def certificate(folder: Path) -> Path:
    folder.mkdir()
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem"),
            "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=IP:{HOST}",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return folder / "cert.pem"


# --- HTTP


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def raw_get(url: str, headers: dict | None = None, timeout: float = 5, context=None):
    """(status, headers, body); status 0 when the connection failed."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout, context=context) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()
    except (urllib.error.URLError, OSError):
        return 0, {}, b""


class Browser:
    """A person at a browser: cookies, the CSRF token of the last form, no redirects followed."""

    def __init__(self, base: str, context: ssl.SSLContext):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPSHandler(context=context),
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
            NoRedirect,
        )
        self.token = ""

    def open(self, path: str, data: dict | None = None) -> tuple[int, str, dict]:
        body = None
        headers = {"Referer": self.base + path, "Accept-Language": "de"}
        if data is not None:
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.token, **data}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as answer:
                status, text, got = answer.status, answer.read().decode(), answer.headers
        except urllib.error.HTTPError as error:
            status, text, got = error.code, error.read().decode(errors="replace"), error.headers
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
        if found:
            self.token = found.group(1)
        return status, text, got

    def login(self, username: str, password: str) -> None:
        self.open("/konto/anmelden/")
        status, _, _ = self.open("/konto/anmelden/", {"username": username, "password": password})
        check(status == 302, f"{username} logs in through nginx")


# --- the screens


class Screens:
    """Phones and hall displays polling the public pages until stopped; every answer counted
    with the time it came."""

    def __init__(self, base: str, context: ssl.SSLContext, paths: list[str], live: str):
        self.base, self.context, self.paths, self.live = base, context, paths, live
        self.answers: list[tuple[float, int]] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.run, args=(i,)) for i in range(SCREENS)]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def finish(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()

    def run(self, index: int) -> None:
        etag = ""
        while not self.stop.is_set():
            if index % 2:  # a hall display's live poll (htmx), with the tag it last got
                headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
                status, got, _ = raw_get(self.base + self.live, headers, context=self.context)
                etag = got.get("ETag", etag) if got else etag
            else:
                path = self.paths[index // 2 % len(self.paths)]
                status, _, _ = raw_get(self.base + path, context=self.context)
            with self.lock:
                self.answers.append((time.monotonic(), status))
            time.sleep(0.05)

    def since(self, moment: float) -> Counter:
        with self.lock:
            return Counter(status for at, status in self.answers if at >= moment)


# --- the check


def prepare(stack: Stack) -> None:
    base = DATABASE_URL.rsplit("/", 1)[0]
    name = DATABASE_URL.rsplit("/", 1)[1]
    subprocess.run(
        ["psql", f"{base}/postgres", "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
        check=True,
    )
    subprocess.run(["psql", f"{base}/postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
    subprocess.run(["redis-cli", "-u", REDIS_URL, "flushdb"], check=True, capture_output=True)
    manage(stack, "migrate", "--noinput", "-v", "0")
    manage(stack, "collectstatic", "--noinput", "-v", "0")
    manage(stack, "seed_demo", "--force")
    print(f"   ok  database migrated, static files collected, demo data on {DATABASE_URL}")


def demo_round(stack: Stack) -> dict:
    """The running demo tournament's released round: ids, paths and a valid sheet per table."""
    code = """
import json
from tournaments.models import Round
from tournaments.sheets.selectors import table_not_played
rnd = Round.objects.get(tournament__name="Demo: Stadtmeisterschaft Berlin", number=1)
games = rnd.tournament.games_per_round
tables = {}
for table in rnd.tables.order_by("number"):
    seats = list(table.seats.order_by("letter").values_list("letter", flat=True))
    absent = table_not_played(table, games=games) or {}
    scores = {}
    for game in range(1, games + 1):
        letters = [x for x in seats if x not in absent.get(game, ())]
        winner = letters[(game + table.number) % len(letters)]
        losers = [x for x in letters if x != winner]
        for place, letter in enumerate(losers, start=1):
            scores[f"g{game}_{letter}"] = str(-7 * place - game)
        total = sum(7 * place + game for place in range(1, len(losers) + 1))
        scores[f"g{game}_{winner}"] = str(total)
    tables[table.number] = scores
print(json.dumps({"pk": rnd.tournament_id, "tables": tables}))
"""
    return json.loads(manage(stack, "shell", "-c", code).strip().splitlines()[-1])


def run(folder: Path) -> None:
    stack = Stack(folder)
    web_ports = [free_port(), free_port()]
    http_port, https_port, worker_metrics = free_port(), free_port(), free_port()
    token = secrets.token_hex(16)
    base = f"https://{HOST}:{https_port}"
    stack.env.update(
        {
            "DATABASE_URL": DATABASE_URL,
            "REDIS_URL": REDIS_URL,
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": HOST,
            "DJANGO_CSRF_TRUSTED_ORIGINS": base,
            "SITE_URL": base,
            "DJANGO_STATIC_ROOT": str(folder / "static"),
            "DJANGO_MEDIA_ROOT": str(folder / "media"),
            "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
            "METRICS_TOKEN": token,
            "GUNICORN_WORKERS": "2",
            "GUNICORN_THREADS": "8",
            "CACHE_KEY_PREFIX": "prodcheck",
            "CELERY_BEAT_LOCK_SECONDS": "6",
            "PYTHONDONTWRITEBYTECODE": "",
        }
    )
    context = ssl.create_default_context(cafile=str(certificate(folder / "tls")))
    print("== prepare")
    prepare(stack)
    data = demo_round(stack)
    pk, tables = data["pk"], data["tables"]

    try:
        print("== start deploy/ (systemd units, gunicorn.conf.py, nginx site)")
        webs = [stack.start_unit("drv-web@.service", str(port)) for port in web_ports]
        stack.start_unit(
            "drv-worker@.service", "worker1", {"CELERY_METRICS_PORT": str(worker_metrics)}
        )
        stack.start_unit("drv-beat.service")
        conf = nginx_site(stack, ports=web_ports, http=http_port, https=https_port)
        check(
            subprocess.run(["nginx", "-t", "-c", str(conf)], capture_output=True).returncode == 0,
            "nginx accepts deploy/nginx/drv.conf",
        )
        stack.processes["nginx"] = subprocess.Popen(
            ["nginx", "-c", str(conf)],
            stdout=(folder / "nginx.log").open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        ready(stack, web_ports, http_port, base, context)
        beat_guarded(stack)

        print("== a round through nginx, 24 screens polling")
        desk, director = Browser(base, context), Browser(base, context)
        desk.login("orgatisch", "rummikub-demo")
        director.login("leitung", "rummikub-demo")
        public = [
            f"/turniere/{pk}/rangliste/",
            f"/turniere/{pk}/runden/1/tische/",
            f"/turniere/{pk}/",
        ]
        screens = Screens(base, context, public, f"/turniere/{pk}/saal/")
        screens.start()
        try:
            play_round(desk, director, pk, tables)
            time.sleep(2)
            rush_start = time.monotonic()
            status, _, _ = director.open(f"/leitung/turniere/{pk}/runden/1/veroeffentlichen/", {})
            check(status == 302, "the director publishes round 1 during the rush")
            time.sleep(3)
            print("== app server 1 killed mid-rush")
            killed_at = time.monotonic()
            stack.kill(webs[0])
            time.sleep(1)
            code, _, _ = raw_get(f"http://{HOST}:{web_ports[0]}/readyz")
            check(code == 0, "the killed app server's /readyz fails (connection refused)")
            after = time.monotonic()
            time.sleep(6)
        finally:
            screens.finish()
        before = screens.since(rush_start) - screens.since(killed_at)
        around = screens.since(killed_at) - screens.since(after)
        later = screens.since(after)
        print(f"   screens: before the kill {dict(before)}, around it {dict(around)}")
        print(f"   screens: after it {dict(later)}")
        check(set(before) <= {200, 304}, "every answer before the kill was 200 or 304")
        failed = sum(n for code, n in around.items() if code not in (200, 304))
        check(
            failed <= SCREENS, f"around the kill at most the requests in flight failed ({failed})"
        )
        check(
            set(later) <= {200, 304} and sum(later.values()) > 50,
            "after it nginx answers every request from app server 2",
        )
        check(before[304] + later[304] > 0, "live polls got 304 through nginx")
        observed(stack, web_ports[1], worker_metrics, token, base, context)
    finally:
        print("== stop")
        stack.stop_all()


def ready(stack: Stack, web_ports: list[int], http_port: int, base: str, context) -> None:
    deadline = time.monotonic() + 90
    for port in web_ports:
        while raw_get(f"http://{HOST}:{port}/readyz")[0] != 200:
            if time.monotonic() > deadline:
                raise CheckFailed(f"app server {port} not ready:\n{stack.log(f'drv-web@{port}')}")
            time.sleep(0.5)
        status, _, body = raw_get(f"http://{HOST}:{port}/readyz")
        check(
            json.loads(body)["broker"] == "ok",
            f"app server {port}: /readyz 200 {body.decode().strip()}",
        )
    status, got, _ = raw_get(base + "/healthz", context=context)
    check(status == 200, "/healthz through nginx (TLS)")
    plain = http.client.HTTPConnection(HOST, http_port, timeout=5)
    plain.request("GET", "/turniere/")
    answer = plain.getresponse()
    check(
        answer.status == 301 and answer.getheader("Location", "").startswith("https://"),
        "plain HTTP is sent to HTTPS",
    )
    plain.close()
    status, _, _ = raw_get(base + "/metrics", context=context)
    check(status == 404, "nginx refuses /metrics from outside")
    status, got, _ = raw_get(
        base + "/static/css/site.css", {"Accept-Encoding": "gzip"}, context=context
    )
    check(
        status == 200 and got.get("Content-Encoding") == "gzip", "nginx serves static files gzipped"
    )
    health = [str(BIN / "python"), "-m", "config.celery_health"]
    name = f"worker1@{socket.gethostname()}"
    while subprocess.run(
        [*health, "worker", "--hostname", name], env=stack.env, cwd=ROOT, capture_output=True
    ).returncode:
        if time.monotonic() > deadline:
            raise CheckFailed(f"worker not up:\n{stack.log('drv-worker@worker1')}")
        time.sleep(1)
    check(True, f"worker {name} answers its health ping")
    while subprocess.run(
        [*health, "beat", "--max-age", "30"], env=stack.env, cwd=ROOT, capture_output=True
    ).returncode:
        if time.monotonic() > deadline:
            raise CheckFailed(f"beat not ticking:\n{stack.log('drv-beat')}")
        time.sleep(1)
    check(True, "beat ticks (heartbeat)")


def beat_guarded(stack: Stack) -> None:
    label = stack.start_unit("drv-beat.service", label="drv-beat-second")
    deadline = time.monotonic() + 30
    while "another beat runs" not in stack.log(label):
        if time.monotonic() > deadline or stack.processes[label].poll() is not None:
            raise CheckFailed(f"a second beat did not wait:\n{stack.log(label)}")
        time.sleep(0.5)
    check(True, "a second beat waits as the standby (one beat only)")


def play_round(desk: Browser, director: Browser, pk: int, tables: dict) -> None:
    for number, scores in tables.items():
        path = f"/leitung/turniere/{pk}/runden/1/tische/{number}/bogen/"
        desk.open(path)
        status, page, _ = desk.open(path, {**scores, "version": "0", "action": "save"})
        if status != 302:
            found = re.findall(r'class="[^"]*error[^"]*"[^>]*>(.*?)</(?:p|li)>', page, re.S)
            errors = [re.sub(r"<[^>]+>", "", error).strip() for error in found]
            raise CheckFailed(f"the desk's sheet of table {number}: {status} {errors[:5]}")
    check(True, f"the desk entered {len(tables)} sheets")
    for number in tables:
        path = f"/leitung/turniere/{pk}/runden/1/tische/{number}/bogen/"
        director.open(path)
        status, _, _ = director.open(path + "aktion/", {"action": "confirm", "version": "1"})
        if status != 302:
            raise CheckFailed(f"confirming table {number}: {status}")
    check(True, "the director confirmed them (four eyes)")


def observed(stack: Stack, port: int, worker_port: int, token: str, base: str, context) -> None:
    status, _, body = raw_get(f"http://{HOST}:{port}/metrics", {"Authorization": f"Bearer {token}"})
    text = body.decode()
    requests = sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("drv_http_requests_total{")
    )
    check(
        status == 200 and requests > 100,
        f"/metrics of app server 2 counts the rush ({requests:.0f} requests)",
    )
    check('drv_live_polls_total{answer="not_modified"}' in text, "/metrics counts the 304 polls")
    status, _, body = raw_get(f"http://{HOST}:{worker_port}/metrics")
    warmed = re.search(r"^drv_publication_warmed_seconds_count (\S+)$", body.decode(), re.M)
    check(
        status == 200 and warmed and float(warmed.group(1)) >= 1,
        "the worker warmed the published pages (its /metrics)",
    )
    status, got, _ = raw_get(base + "/", context=context)
    request_id = got.get("X-Request-ID", "")
    time.sleep(0.5)
    lines = [
        json.loads(line)
        for line in stack.log(f"drv-web@{port}").splitlines()
        if line.startswith("{")
    ]
    check(
        any(
            line.get("request_id") == request_id and line.get("logger") == "drv.request"
            for line in lines
        ),
        "the app server logs JSON lines with nginx's request id",
    )


def main() -> int:
    for tool in ("nginx", "psql", "redis-cli", "openssl"):
        if not shutil.which(tool) and not Path("/usr/sbin", tool).exists():
            print(f"prod-check needs {tool}")
            return 1
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="drv-prodcheck-"))
    folder.chmod(0o755)
    try:
        run(folder)
    except CheckFailed as failure:
        print(f"FAILED: {failure}")
        print(f"(logs in {folder})")
        return 1
    print(f"prod-check passed in {time.monotonic() - started:.0f} s")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
