FROM python:3.11-slim
WORKDIR /app
# LOCAL_TABLE=0: on Discord only; without DISCORD_TOKEN the bot refuses to start (no local table).
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 LOCAL_TABLE=0
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN useradd --create-home bot && mkdir -p /app/data && chown bot /app/data
USER bot
VOLUME ["/app/data"]
CMD ["python", "-m", "bot"]
