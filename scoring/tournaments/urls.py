"""A club's tournaments, under ``/clubs/<slug>/tournaments/``; names ``tournaments:…``."""

from django.urls import path

from scoring.tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path("import/", views.tournament_import, name="import"),
    path("<id:pk>/", views.detail, name="detail"),
    path("<id:pk>/settings/", views.tournament_settings, name="settings"),
    path("<id:pk>/standings/", views.standings_page, name="standings"),
    path("<id:pk>/standings.json", views.standings_json, name="standings_json"),
    path("<id:pk>/screen/", views.screen_page, name="screen"),
    path("<id:pk>/screen.json", views.screen_json, name="screen_json"),
    path("<id:pk>/export.xlsx", views.export_xlsx, name="export_xlsx"),
    path("<id:pk>/export.csv", views.export_csv, name="export_csv"),
    path("<id:pk>/tournament.json", views.export_json, name="export_json"),
    path("<id:pk>/entrants/add/", views.entrant_add, name="entrant_add"),
    path("<id:pk>/entrants/import/", views.entrants_import, name="entrants_import"),
    path("<id:pk>/entrants/all/", views.entrants_all, name="entrants_all"),
    path("<id:pk>/entrants/<id:entrant>/state/", views.entrant_state, name="entrant_state"),
    path("<id:pk>/entrants/<id:entrant>/remove/", views.entrant_remove, name="entrant_remove"),
    path("<id:pk>/draw/", views.draw, name="draw"),
    path("<id:pk>/close/", views.close, name="close"),
    path("<id:pk>/rounds/<id:number>/", views.round_page, name="round"),
    path("<id:pk>/rounds/<id:number>/publish/", views.publish, name="publish"),
    path("<id:pk>/rounds/<id:number>/close/", views.close_round, name="close_round"),
    path("<id:pk>/rounds/<id:number>/clock/", views.round_clock, name="clock"),
    path("<id:pk>/rounds/<id:number>/reopen/", views.reopen_round, name="reopen_round"),
    path("<id:pk>/rounds/<id:number>/seating/", views.seating, name="seating"),
    path("<id:pk>/rounds/<id:number>/cards/", views.table_cards, name="cards"),
    path("<id:pk>/rounds/<id:number>/sheets/", views.score_sheets, name="sheets"),
    path("<id:pk>/tables/<id:table>/close/", views.close_table, name="close_table"),
    path("<id:pk>/tables/<id:table>/reopen/", views.reopen_table, name="reopen_table"),
    path("<id:pk>/tables/<id:table>/link/", views.new_link, name="new_link"),
]
