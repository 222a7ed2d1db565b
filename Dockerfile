FROM python:3.11-slim
WORKDIR /app
# LOCAL_TABLE=0: on Discord only; without DISCORD_TOKEN the bot refuses to start (no local table).
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 LOCAL_TABLE=0
# Every package pinned with its hashes (scripts/lock.sh refreshes the lock).
COPY requirements.lock .
RUN pip install --no-cache-dir --disable-pip-version-check --require-hashes -r requirements.lock
COPY . .
RUN useradd --create-home bot && mkdir -p /app/data && chown bot /app/data
USER bot
VOLUME ["/app/data"]
# SIGTERM (docker stop) closes the gateway and the database, and the bot exits 0.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
