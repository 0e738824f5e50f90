"""The ledger's pages, under ``/clubs/<slug>/``; names ``ledger:…``.

``/clubs/<slug>/ledger.json`` and ``/clubs/<slug>/ledger/export.xlsx`` (with its ``.csv``) are
addresses clubs and their spreadsheets link to: they stay as they are.
"""

from django.urls import path

from scoring.ledger import views

app_name = "ledger"
urlpatterns = [
    path("ledger/", views.table, name="table"),
    path("ledger.json", views.table_json, name="json"),
    path("ledger/export.xlsx", views.export_xlsx, name="export_xlsx"),
    path("ledger/export.csv", views.export_csv, name="export_csv"),
    path("ledger/money/", views.money, name="money"),
    path("ledger/money/paid/", views.paid, name="paid"),
    path("ledger/charts/", views.season_charts, name="charts"),
    path("ledger/players/<id:pk>/", views.player, name="player"),
    path("ledger/rule/", views.rule, name="rule"),
    path("ledger/seasons/", views.seasons, name="seasons"),
    path("ledger/seasons/<id:pk>/", views.season_edit, name="season_edit"),
    path("ledger/seasons/<id:pk>/remove/", views.season_remove, name="season_remove"),
    path("ledger/settings/", views.ledger_settings, name="settings"),
]
