"""The sittings' pages, under ``/clubs/<slug>/sittings/``; names ``sittings:…``."""

from django.urls import path

from scoring.sittings import views

app_name = "sittings"
urlpatterns = [
    path("", views.sitting_list, name="list"),
    path("import/", views.sitting_import, name="import"),
    path("import/<slug:variant>.xlsx", views.import_template, name="import_template"),
    path("<id:pk>/", views.detail, name="detail"),
    path("<id:pk>/deals/<id:number>/", views.deal, name="deal"),
    path("<id:pk>/scores.json", views.scores_json, name="scores_json"),
    path("<id:pk>/export.xlsx", views.export_xlsx, name="export_xlsx"),
    path("<id:pk>/export.csv", views.export_csv, name="export_csv"),
    path("<id:pk>/sheet.xlsx", views.score_sheet, name="score_sheet"),
    path("<id:pk>/sheet.csv", views.score_sheet_csv, name="score_sheet_csv"),
]
